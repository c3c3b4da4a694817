import Observation

/// Keeps the row stores of one ``IdentifiedArray`` up to date, in proportion to what changed.
///
/// It is a child of the store that holds the array. After each change of that store it compares
/// the array's version with the one it saw last and replays the array's change log: an edited
/// row updates that row's store alone; an inserted, removed or moved row updates the order. Only
/// when the log cannot say (the array was replaced, copied, or edited more than the log keeps)
/// does it compare every live row.
///
/// It holds no reference to the array between sends, so the reducer's edits never copy it. It
/// holds its row stores weakly; they, and the collections handed out, hold it.
@MainActor
final class StoreCollectionNode<Rows: RowSource, ElementAction>: StoreNode, Observable {
  typealias ID = Rows.RowID
  typealias Element = Rows.Row

  private struct WeakRow {
    weak var store: Store<Element, ElementAction>?
  }

  // Main-actor closures: the parent's state lives there, and a nonisolated closure made there
  // would check its executor on every call.
  private let readElements: @MainActor () -> Rows
  /// The array's version alone, read on every change of the parent; most changes leave the
  /// array alone, and the version is all it takes to tell.
  private let readVersion: @MainActor () -> ChangeLogVersion
  /// Where the rows' actions go: the parent store's core, kept alive by `parentHandle`.
  unowned(unsafe) private let parent: any ActionTarget
  /// The handle this collection was scoped through, which keeps the parent's core alive; taken
  /// in `deinit`, hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private var parentHandle: (any AnyObject & Sendable)?
  /// Embeds a row's action into the parent's, such as `.rows(.element(id:action:))`.
  private let embed: (ID, ElementAction) -> Any
  private let isDuplicate: ((Element, Element) -> Bool)?
  private var rows: [ID: WeakRow] = [:]
  /// The order of the rows, in a buffer of its own: sharing the array's would make every
  /// structural edit copy it.
  private(set) var ids: [ID]
  private var version: ChangeLog<ID>.Version
  /// The stores of the collection last handed out, reused until the order changes.
  private weak var snapshot: StoreCollection<ID, Element, ElementAction>.Snapshot?
  private let registrar = ObservationRegistrar()
  private var subscribers = SubscriberList<StoreCollection<ID, Element, ElementAction>>()
  private lazy var idsKeyPath = \StoreCollectionNode.ids

  init(
    readElements: @escaping @MainActor () -> Rows,
    readVersion: @escaping @MainActor () -> ChangeLogVersion,
    parent: any ActionTarget,
    keepingAlive parentHandle: any AnyObject & Sendable,
    embed: @escaping (ID, ElementAction) -> Any,
    isDuplicate: ((Element, Element) -> Bool)?
  ) {
    self.readElements = readElements
    self.readVersion = readVersion
    self.parent = parent
    self.parentHandle = parentHandle
    self.embed = embed
    self.isDuplicate = isDuplicate
    let elements = readElements()
    self.ids = elements.rowIDs.map { $0 }
    self.version = elements.rowVersion
  }

  deinit {
    DeferredRelease.release(&parentHandle)
  }

  /// The row stores in order, made for the rows that have none alive; registers the reader's
  /// interest in the order with Observation.
  func collection() -> StoreCollection<ID, Element, ElementAction> {
    registrar.access(self, keyPath: idsKeyPath)
    if let snapshot { return StoreCollection(node: self, snapshot: snapshot) }
    let elements = readElements()
    let stores = ContiguousArray(ids.map { id in rows[id]?.store ?? makeRow(id, elements) })
    let snapshot = StoreCollection<ID, Element, ElementAction>.Snapshot(ids: ids, stores: stores)
    self.snapshot = snapshot
    return StoreCollection(node: self, snapshot: snapshot)
  }

  private func makeRow(
    _ id: ID, _ elements: Rows
  ) -> Store<Element, ElementAction> {
    // The row holds this node, which keeps the rows of a live row store updating, and the
    // parent alive for the row's sends, which go straight to the parent.
    let embed = self.embed
    let link = DerivedLink<Element, ElementAction>(
      derive: { [unowned(unsafe) self] in self.readElements().row(id) },
      isDuplicate: isDuplicate, parent: parent,
      embed: { embed(id, $0) })
    let store = Store<Element, ElementAction>(
      core: StoreCore(state: elements.row(id)!, role: .derived(link), effects: nil),
      parent: self)
    rows[id] = WeakRow(store: store)
    return store
  }

  func parentDidChange(into changed: inout [any StoreNode]) {
    let newVersion = readVersion()
    guard newVersion != version else { return }
    let elements = readElements()
    defer { version = newVersion }
    let orderChanged: Bool
    if let changes = elements.rowChanges(since: version) {
      orderChanged = replay(changes, of: elements, into: &changed)
    } else {
      orderChanged = compareEverything(with: elements, into: &changed)
    }
    if orderChanged {
      snapshot = nil
      changed.append(self)
    }
  }

  /// Applies the logged changes; returns whether the order changed.
  ///
  /// O(k + n) for k changes to n rows: the edits are replayed one by one on the order only while
  /// that moves fewer ids than copying the array's order does; past that (and after a reorder,
  /// which the log does not spell out) the order is copied from the array once.
  private func replay(
    _ changes: ChangeLog<ID>.Changes, of elements: Rows,
    into changed: inout [any StoreNode]
  ) -> Bool {
    // Index loops: `forEach` would go through generic iterators, which this unspecialized code
    // pays for in metadata lookups.
    var insertions = 0
    var removals = 0
    var reorders = 0
    // How many ids replaying the edits one by one would move.
    var moves = 0
    var count = ids.count
    var position = 0
    while position < changes.count {
      switch changes[position] {
      case .reset: return compareEverything(with: elements, into: &changed)
      case .inserted(_, let offset):
        insertions += 1
        moves += count - offset
        count += 1
      case .removed(_, let offset):
        removals += 1
        count -= 1
        moves += count - offset
      case .reordered: reorders += 1
      case .updated: break
      }
      position += 1
    }
    let copiesOrder = reorders > 0 || moves > count
    // Only inserting and removing, or reordering, can leave the order as it was; only then is
    // the old order kept to compare (keeping it always would make every append copy it).
    let orderBefore = reorders > 0 || (insertions > 0 && removals > 0) ? ids : nil
    // Usually a send edits one row: keep that one aside and only gather more when there are.
    var firstUpdate: ID?
    var moreUpdates: [ID] = []
    position = 0
    while position < changes.count {
      switch changes[position] {
      case .updated(let id):
        if firstUpdate == nil { firstUpdate = id } else { moreUpdates.append(id) }
      case .inserted(let id, let offset):
        if !copiesOrder { ids.insert(id, at: offset) }
      case .removed(let id, let offset):
        if !copiesOrder { ids.remove(at: offset) }
        if elements.row(id) != nil {
          // Removed and put back in the same send, perhaps with another value: its row store
          // stays, and is compared as for an edit.
          if firstUpdate == nil { firstUpdate = id } else { moreUpdates.append(id) }
        } else {
          rows[id] = nil
        }
      case .reordered, .reset:
        break
      }
      position += 1
    }
    if copiesOrder { copyOrder(of: elements) }
    let orderChanged = orderBefore.map { $0 != ids } ?? (insertions + removals > 0)
    guard let firstUpdate else { return orderChanged }
    update(firstUpdate, from: elements, into: &changed)
    if !moreUpdates.isEmpty {
      // A row edited twice in one send is updated, and its observers told, once.
      var seen: Set<ID> = [firstUpdate]
      for id in moreUpdates where seen.insert(id).inserted {
        update(id, from: elements, into: &changed)
      }
    }
    return orderChanged
  }

  /// Copies the array's order into this node's own buffer: sharing the array's would make its
  /// next structural edit copy it.
  private func copyOrder(of elements: Rows) {
    ids.removeAll(keepingCapacity: true)
    ids.append(contentsOf: elements.rowIDs)
  }

  private func update(
    _ id: ID, from elements: Rows, into changed: inout [any StoreNode]
  ) {
    guard let row = rows[id]?.store, let element = elements.row(id) else { return }
    row.core.accept(element, isDuplicate: isDuplicate, into: &changed)
  }

  /// Updates every live row from the array; returns whether the order changed.
  private func compareEverything(
    with elements: Rows, into changed: inout [any StoreNode]
  ) -> Bool {
    let orderChanged = elements.rowIDs != ids
    if orderChanged { copyOrder(of: elements) }
    // One pass that keeps the live rows still in the array: removing the others one by one, in
    // this unspecialised code, costs several times more per row than keeping a row does.
    rows = rows.filter { id, row in
      guard let store = row.store, let element = elements.row(id) else { return false }
      store.core.accept(element, isDuplicate: isDuplicate, into: &changed)
      return true
    }
    return orderChanged
  }

  /// The rows are this node's children, and ``parentDidChange(into:)`` has updated them.
  func childrenNeedUpdate(into changed: inout [any StoreNode]) {}

  func notifyObservers() {
    registrar.willSet(self, keyPath: idsKeyPath)
    registrar.didSet(self, keyPath: idsKeyPath)
    guard !subscribers.isEmpty else { return }
    // A copy: callbacks may subscribe or cancel while it runs.
    let subscribers = self.subscribers
    if subscribers.call(with: collection()) { self.subscribers.sweep() }
  }

  func subscribe(
    _ onChange: @escaping @MainActor (StoreCollection<ID, Element, ElementAction>) -> Void
  ) -> Subscription {
    // Type-erased so the subscription can hold the node (and its parent) alive.
    subscribers.add(onChange, owner: self as any Sendable)
  }

  /// How many row stores are alive, for tests.
  var liveRowCount: Int { rows.values.filter { $0.store != nil }.count }
}

extension StoreCollectionNode: StoreCollectionSource {}

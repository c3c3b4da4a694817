import Observation

/// A node of the tree of stores: a store's core, or a collection of row stores.
///
/// This is the part of every node that propagation touches, and it is not generic: the loops
/// over the tree (``propagate(using:)``, ``childrenNeedUpdate(into:)``, ``notifyObservers()``)
/// run on it without looking up any generic metadata. What depends on a node's types, deriving
/// its state from its parent's and calling its subscribers with that state, comes in closures
/// made where the types are known (see `Store.makeDerivedCore`), which a client module
/// specialises for its own state types.
///
/// Propagation is a loop, not a recursion: a node re-derives its own state and reports itself
/// as changed; the loop then visits the children of each changed node in turn, so a chain of
/// stores 100,000 deep updates without growing the stack.
///
/// A parent reaches its children through ``ChildSlot``s, without holding them: views own the
/// stores they watch. A child empties its slot in its `deinit`, which is isolated to the main
/// actor, so it never runs while propagation, also on the main actor, reads the slot.
@MainActor
@usableFromInline
class StoreNode: Observable {
  /// Re-derives this node's state from its parent's (the first argument; the second is this
  /// node) and, when the state changed, appends this node to the list of changed nodes.
  ///
  /// A collection appends the row stores it updated, too. It does not update the node's
  /// children: propagation does that, in a loop.
  final let refresh: Refresh
  /// The slots of the nodes derived from this one, in the order they were derived.
  ///
  /// Unchecked exclusivity: every access is instantaneous (appending a slot, reading one by
  /// index, compacting the freed ones), and none calls out to code that could reach the array
  /// while it runs, so no two accesses can overlap.
  @usableFromInline @exclusivity(unchecked) final var children: [ChildSlot] = []
  /// This node's slot in its parent's ``children``; nil for roots and row stores.
  final var slot: ChildSlot?
  /// Unchecked exclusivity: adding, sweeping and copying the list are instantaneous accesses
  /// that call nothing of the app's (the callbacks run on a copy, after the access).
  @exclusivity(unchecked) final var subscribers = SubscriberList()
  /// The children looked up again rather than made anew (see ``ChildCache``).
  final var childCache = ChildCache()
  final let registrar = ObservationRegistrar()
  /// Whether the node was read since its last notification. An observation can only be set up
  /// by a read, and Observation's tracking is one-shot, so without a read since the last change
  /// nobody can be observing: the registrar is skipped.
  ///
  /// Unchecked exclusivity: each access is a single load or store.
  @exclusivity(unchecked) final var isRead = false
  /// For a cached child, its entry in the parent's cache, which holds this node while it is
  /// read and has not notified yet.
  final weak var cacheEntry: CachedChild?
  /// Set while the reducer changes a root's state in place (see `StoreCore.currentState`).
  ///
  /// Unchecked exclusivity: written twice per action around the reducer and read by state
  /// reads, each access a single load or store that calls nothing.
  @usableFromInline @exclusivity(unchecked) final var isReducing = false
  /// Set while propagation runs this node's ``refresh``, which reaches the node unretained.
  ///
  /// A derivation (or the `==` of a derived state) that frees the last reference to the very
  /// store it derives would free it under its own refresh: the `deinit` stops the program
  /// instead, before the memory goes. Unchecked exclusivity: single loads and stores.
  @exclusivity(unchecked) final var isRefreshing = false
  #if DEBUG
    /// Where the node was derived, for the warning about a store read and freed unseen; nil
    /// for roots, cached children and collections, which cannot be freed that way.
    private let origin: (fileID: StaticString, line: UInt)?
    /// Whether the parent has propagated to this node at least once since it was made.
    private var hasSeenAChange = false
    /// Whether the node was read, and not yet reached by a change of its parent. Read by the
    /// handle's `deinit` (see ``warnIfReadUnseen()``), hence `nonisolated(unsafe)`.
    nonisolated(unsafe) private var wasReadUnseen = false
  #endif

  /// The type of ``refresh``: parent, node, and the changed nodes so far.
  @usableFromInline
  typealias Refresh = @MainActor (StoreNode, StoreNode, inout [StoreNode]) -> Void

  init(refresh: @escaping Refresh, origin: (fileID: StaticString, line: UInt)?) {
    self.refresh = refresh
    #if DEBUG
      self.origin = origin
    #endif
  }

  /// Isolated, so that emptying the slot never races with propagation reading it: when the last
  /// reference goes on another thread, the runtime runs this on the main actor, and the node's
  /// memory stays until then.
  isolated deinit {
    if isRefreshing { Self.freedWhileRefreshing() }
    slot?.node = nil
  }

  #if DEBUG
    /// Warns when this node was read, and is being freed before its state could change.
    ///
    /// Called by the `deinit` of the node's handle, which frees the node, rather than by the
    /// node's own: an isolated `deinit` runs without the releasing code's task-local values,
    /// and so without the warning handler a test may have set.
    nonisolated final func warnIfReadUnseen() {
      guard wasReadUnseen, let origin else { return }
      runtimeWarning(
        """
        A store derived here was read, then freed before its state could change, so \
        whatever read it (a SwiftUI body?) is never told of a change. In a body, derive \
        with `observe(\\.keyPath)`, `scope(state:action:)` or a `Hashable` connector, which \
        keep the store while it is read; or hold the store for the view's life \
        (`WithViewStore`).
        """, fileID: origin.fileID, line: origin.line)
    }
  #endif

  private static func freedWhileRefreshing() -> Never {
    preconditionFailure(
      """
      A derived store was freed while its state was being derived: its derivation (or the `==` \
      of its state) released the last reference to it. Derivations must not hold or release \
      stores.
      """)
  }

  /// What Observation tracks a node by: each node has its own registrar, so one key path
  /// serves them all.
  private static let changeKeyPath: KeyPath<StoreNode, Void> = \.stateChange
  /// The member ``changeKeyPath`` names; it holds nothing.
  final var stateChange: Void { () }

  /// Registers the reader's interest in this node's next change with Observation.
  final func didAccess() {
    if !isRead { didRead() }
    registrar.access(self, keyPath: Self.changeKeyPath)
  }

  private final func didRead() {
    isRead = true
    cacheEntry?.pin(self)
    #if DEBUG
      if origin != nil, !hasSeenAChange { wasReadUnseen = true }
    #endif
  }

  /// Registers a new child, to be updated after every change of this node.
  @usableFromInline
  final func addChild(_ child: StoreNode) {
    let slot = ChildSlot(child)
    child.slot = slot
    children.append(slot)
  }

  /// Whether any node was derived from this one, freed or not.
  @inlinable
  final var hasChildren: Bool { !children.isEmpty }

  /// Adds a callback called after each change; the subscription holds `owner`, so that what
  /// is observed stays alive while someone listens.
  @usableFromInline
  final func addSubscriber(
    _ onChange: @escaping @MainActor () -> Void, owner: any Sendable
  ) -> Subscription {
    subscribers.add(onChange, owner: owner)
  }
}

extension StoreNode {
  /// Brings every live node derived from this one up to date, then notifies the ones that
  /// changed, this one first.
  ///
  /// `buffer` is the root's, reused from send to send so that propagation does not allocate.
  /// It is taken for the duration, so a propagation nested inside this one's notifications
  /// (an observer sending to another root) works on a buffer of its own.
  @usableFromInline
  final func propagate(using buffer: inout [StoreNode]) {
    var changed: [StoreNode] = []
    swap(&changed, &buffer)
    // Breadth first, in a loop: each changed node's children re-derive from it, and those that
    // change join the end of the list, so depth costs no stack. This node is not in the list:
    // it changed, and its caller (a root's send) holds it.
    childrenNeedUpdate(into: &changed)
    var next = 0
    while next < changed.count {
      changed[next].childrenNeedUpdate(into: &changed)
      next += 1
    }
    // Called after every node holds its new state, so an observer that reads any store, here
    // or in its `onChange`, sees the new values: this node first, then the others in the order
    // they changed. The list holds each node until all are told: a cached node that nothing
    // else holds may be freed when it notifies (see ``notifyObservers()``).
    notifyObservers()
    // Most sends change no derived store: then there is nothing to tell or to empty.
    guard !changed.isEmpty else {
      swap(&changed, &buffer)
      return
    }
    next = 0
    while next < changed.count {
      changed[next].notifyObservers()
      next += 1
    }
    changed.removeAll(keepingCapacity: true)
    swap(&changed, &buffer)
  }

  /// Updates the live children of this node, which changed, and forgets the freed ones.
  final func childrenNeedUpdate(into changed: inout [StoreNode]) {
    let count = children.count
    guard count > 0 else { return }
    var sawFreed = false
    // By index, over the children there were at the start: a derivation may, however unwisely,
    // derive new stores from this one, which join the end of the array.
    var index = 0
    while index < count {
      let child = children[index].node
      index += 1
      guard let child else {
        sawFreed = true
        continue
      }
      // Not retained: a child is freed only by its `deinit`, on the main actor, which empties
      // its slot; one freed by its own refresh stops the program (see `isRefreshing`).
      withGuaranteed(child) { child in
        #if DEBUG
          child.didSeeAChange()
        #endif
        child.isRefreshing = true
        child.refresh(self, child, &changed)
        child.isRefreshing = false
      }
    }
    if sawFreed { dropFreedChildren() }
  }

  /// Compacts ``children`` to the slots of live children, in order.
  private final func dropFreedChildren() {
    // By hand, not with `removeAll(where:)`: a predicate reading the slots would be a
    // main-actor closure called from the standard library, which checks its executor per call.
    var live = 0
    for index in children.indices where children[index].node != nil {
      if live != index { children.swapAt(live, index) }
      live += 1
    }
    children.removeLast(children.count - live)
  }

  #if DEBUG
    /// Records that the parent propagated to this node, for the read-and-freed warning.
    private final func didSeeAChange() {
      if !hasSeenAChange {
        hasSeenAChange = true
        wasReadUnseen = false
      }
    }
  #endif

  /// Tells everything watching this node that its state changed.
  @usableFromInline
  final func notifyObservers() {
    // The registrar calls `onChange` from `willSet`; by now every store holds its new state.
    if isRead {
      // Cleared first: an observer that reads again while being told sets up a new
      // observation, which the next change must reach.
      isRead = false
      cacheEntry?.unpin()
      registrar.willSet(self, keyPath: Self.changeKeyPath)
      registrar.didSet(self, keyPath: Self.changeKeyPath)
    }
    if !subscribers.isEmpty { callSubscribers() }
  }

  private final func callSubscribers() {
    // A copy: callbacks may subscribe or cancel while it runs.
    let subscribers = self.subscribers
    if subscribers.call() { self.subscribers.sweep() }
  }
}

/// Calls `body` with the object `object` refers to, without retaining it: the caller knows it
/// stays alive for the call.
///
/// A wrapper of this module's: a main-actor closure formed for the standard library's
/// `_withUnsafeGuaranteedRef` directly would check its executor on every call.
@inlinable
func withGuaranteed<Object: AnyObject, Result>(
  _ object: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  object._withUnsafeGuaranteedRef(body)
}

/// A parent's way to one child: the child while it lives, nothing once it is freed.
///
/// The parent holds the slot, the child holds it too and empties it in its isolated `deinit`.
/// Neither holds the other: views own the stores they watch, and a child never holds its parent
/// (see ``StoreCore``).
@MainActor
@usableFromInline
final class ChildSlot {
  /// Unowned: the child empties it in its `deinit`, which runs on the main actor, as every
  /// read of it does; a read finds a live child or nil. Unchecked exclusivity: each access is a
  /// single load or store.
  @exclusivity(unchecked) var node: Unmanaged<StoreNode>?

  init(_ node: StoreNode) {
    self.node = .passUnretained(node)
  }
}

/// Something a derived store's actions pass through on their way to the root: a store, or a
/// collection that wraps its rows' actions.
///
/// A send from a derived store walks up its chain of parents in a loop, one hop at a time, each
/// hop embedding the action into the next parent's action type; the action travels type-erased
/// because the types differ at every level. The loop, unlike a chain of calls, does not grow the
/// stack with the depth of the chain.
@MainActor
@usableFromInline
protocol ActionTarget: AnyObject {
  /// Handles `action`, an action of this target erased to `Any`, or embeds it for the next
  /// target up.
  func take(_ action: Any) -> ActionHop
}

/// What one step of a send's walk to the root did.
@usableFromInline
enum ActionHop {
  /// The root store ran the action.
  case delivered(StoreTask)
  /// The action, embedded, goes on to the next target.
  case forward(to: any ActionTarget, action: Any)

  /// Walks the rest of the way to the root.
  @MainActor
  func deliver() -> StoreTask {
    var hop = self
    while true {
      switch hop {
      case .delivered(let task): return task
      case .forward(let target, let action): hop = target.take(action)
      }
    }
  }
}

/// How a derived store gets its state and delivers its actions, for derivations written
/// without a ``StoreNode/refresh`` closure of their own (presentations, optional children).
///
/// Its closures reach the parent core without holding it: whatever holds the child core keeps the
/// parent alive (see ``StoreCore``), and a handle's reference to its parent goes through
/// ``DeferredRelease`` so that freeing a long chain of stores does not recurse.
struct DerivedLink<State, Action> {
  /// Derives the state from the parent's current state; nil when there is nothing to derive
  /// from any more (an optional child that became nil, a row that was removed), in which case
  /// the store keeps its last state.
  let derive: () -> State?
  /// Whether two derived states count as the same; nil for "every parent change is a change".
  let isDuplicate: ((State, State) -> Bool)?
  /// Where this store's actions go next: the parent's core, or a row collection.
  unowned(unsafe) let parent: any ActionTarget
  /// Embeds an action of this store into an action of `parent`.
  let embed: (Action) -> Any
}

/// Frees the parents of freed derived stores one after another instead of one inside another.
///
/// A derived store holds its parent; when the last reference to the end of a chain of derived
/// stores goes, each `deinit` would free the next store from inside its own, a recursion as
/// deep as the chain. Instead, a store's `deinit` hands its parent reference here. The first
/// release drains the queue in a loop; a parent that a release frees adds its own parent to the
/// queue and returns, and the loop frees that one next. A release made while another thread
/// drains joins the queue and is freed by that thread: a store's `deinit` may run on any
/// thread.
enum DeferredRelease {
  private struct Queue {
    var pending: [any AnyObject & Sendable] = []
    var isDraining = false
  }

  private static let queue = Locked(Queue())

  /// Releases the reference in `slot`, now or after the releases already under way, and leaves
  /// the slot empty.
  ///
  /// It moves the reference out of the caller's slot: a reference the caller kept would free
  /// the parent in the caller's frame after all.
  static func release(_ slot: inout (any AnyObject & Sendable)?) {
    guard slot != nil else { return }
    let drains = queue.withLock { queue in
      queue.pending.append(slot.take()!)
      defer { queue.isDraining = true }
      return !queue.isDraining
    }
    guard drains else { return }
    while true {
      var next = queue.withLock { queue -> (any AnyObject & Sendable)? in
        guard !queue.pending.isEmpty else {
          queue.isDraining = false
          return nil
        }
        return queue.pending.removeLast()
      }
      guard next != nil else { return }
      // Freed here, outside the lock: it may free stores whose parents join the queue.
      next = nil
    }
  }
}

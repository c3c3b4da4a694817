/// The stores of the rows of a list, in order: what ``Store`` returns when scoped to an
/// ``IdentifiedArray``.
///
/// ```swift
/// let rows = store.scope(state: \.todos, action: TodoList.Action.todos)
/// for row in rows {
///   print(row.title)
/// }
/// ```
///
/// In SwiftUI, pass it to `ForEach` as it is: a row store is `Identifiable` by its row's id
/// (see ``Store/id``).
///
/// ```swift
/// ForEach(store.scope(state: \.todos, action: TodoList.Action.todos)) { row in
///   TodoRow(store: row)
/// }
/// ```
///
/// A row's store keeps its identity for as long as its id stays in the array and someone holds
/// the store or a collection containing it. A collection is a snapshot of the order when it was
/// made; scope again (as a SwiftUI body does on every evaluation) or use ``subscribe(_:)`` to see
/// rows come and go. Reading the collection in a SwiftUI body, or inside
/// `withObservationTracking`, registers interest in the order only: editing a row notifies that
/// row's store, and nothing else.
public struct StoreCollection<ID: Hashable, State, Action>: RandomAccessCollection {
  /// The row stores of one order of the rows.
  final class Snapshot {
    let ids: [ID]
    let stores: ContiguousArray<Store<State, Action>>

    init(ids: [ID], stores: ContiguousArray<Store<State, Action>>) {
      self.ids = ids
      self.stores = stores
    }
  }

  let node: any StoreCollectionSource<ID, State, Action>
  let snapshot: Snapshot

  /// The ids of the rows, in order.
  public var ids: [ID] { snapshot.ids }

  /// The position of the first row.
  public var startIndex: Int { 0 }

  /// The position after the last row.
  public var endIndex: Int { snapshot.stores.count }

  /// The store of the row at a position.
  ///
  /// - Parameter position: A valid position in the collection.
  public subscript(position: Int) -> Store<State, Action> {
    snapshot.stores[position]
  }

  /// Calls `onChange` with the new collection each time rows are inserted, removed or moved.
  ///
  /// Edits of a row's state do not call it; observe that row's store instead.
  ///
  /// - Parameter onChange: Called with the rows in their new order.
  /// - Returns: A subscription; the callback stops when it is cancelled or freed.
  @MainActor
  public func subscribe(_ onChange: @escaping @MainActor (Self) -> Void) -> Subscription {
    node.subscribe(onChange)
  }
}

extension StoreCollection.Snapshot: Sendable where ID: Sendable {}
extension StoreCollection: Sendable where ID: Sendable {}

/// The node a ``StoreCollection`` comes from, whatever its rows are read from.
@MainActor
protocol StoreCollectionSource<ID, State, Action>: AnyObject, Sendable {
  associatedtype ID: Hashable
  associatedtype State
  associatedtype Action

  func subscribe(
    _ onChange: @escaping @MainActor (StoreCollection<ID, State, Action>) -> Void
  ) -> Subscription
}

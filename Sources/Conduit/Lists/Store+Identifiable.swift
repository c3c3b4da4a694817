// An isolated conformance: `id` reads the store's state, which lives on the main
// actor, as SwiftUI's `ForEach` does when it reads it.
extension Store: @MainActor Identifiable where State: Identifiable {
  /// The id of the store's state: for a row store, the id of its row.
  ///
  /// It makes the row stores of a list usable as SwiftUI's `ForEach` data as they are, with
  /// the rows' own ids:
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.todos, action: TodoList.Action.todos)) { row in
  ///   TodoRow(store: row)
  /// }
  /// ```
  ///
  /// Reading it does not register interest in the state with Observation, so a list that
  /// identifies its rows is told when rows come and go, not each time one of them changes.
  public var id: State.ID { currentState.id }
}

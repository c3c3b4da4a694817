extension Store {
  /// Calls `onChange` with the new state every time this store's state changes.
  ///
  /// This is the hook for renderers that do not use the `Observation` module. The callback runs
  /// on the main actor, after every store in the tree holds its new state; it is not called
  /// with the current state on subscribing. A send made from the callback is queued and handled
  /// once the current action's notifications are done.
  ///
  /// ```swift
  /// let subscription = tabs.subscribe { tab in print("now on", tab) }
  /// ```
  ///
  /// - Parameter onChange: Called with the new state after each change.
  /// - Returns: A subscription; the callback stops when it is cancelled or freed.
  @inlinable
  public func subscribe(_ onChange: @escaping @MainActor (State) -> Void) -> Subscription {
    // The subscription holds the store, keeping a derived store alive while someone listens.
    core.subscribe(onChange, owner: self)
  }
}

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
  public func subscribe(_ onChange: @escaping @MainActor (State) -> Void) -> Subscription {
    sweepCancelledSubscribers()
    let isActive = Locked(true)
    subscribers.append(Subscriber(isActive: isActive, onChange: onChange))
    // The closure holds the store, keeping a derived store alive while someone listens.
    return Subscription { [self] in
      // Cancelling may happen on any thread, so it only lowers the flag; the entry is swept
      // at the next change or subscription, on the main actor.
      isActive.withLock { $0 = false }
      _ = self
    }
  }

  private func sweepCancelledSubscribers() {
    subscribers.removeAll { !$0.isActive.withLock { $0 } }
  }

  func callSubscribers() {
    var sawCancelled = false
    // A snapshot: callbacks may subscribe or cancel while the loop runs.
    for subscriber in subscribers {
      if subscriber.isActive.withLock({ $0 }) {
        subscriber.onChange(currentState)
      } else {
        sawCancelled = true
      }
    }
    if sawCancelled { sweepCancelledSubscribers() }
  }
}

struct Subscriber<State> {
  let isActive: Locked<Bool>
  let onChange: @MainActor (State) -> Void
}

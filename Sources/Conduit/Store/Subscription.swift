/// A handle on a ``Store/subscribe(_:)`` callback; the callback stops when it is cancelled or
/// freed.
///
/// ```swift
/// let subscription = store.subscribe { state in render(state) }
/// // …
/// subscription.cancel()
/// ```
///
/// While active, the subscription keeps its store alive, so subscribing to a derived store is
/// enough to keep it updating.
public final class Subscription: Sendable {
  private let onCancel: Locked<(@Sendable () -> Void)?>

  init(onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Locked(onCancel)
  }

  deinit {
    cancel()
  }

  /// Stops the callback. Calling it again does nothing.
  public func cancel() {
    let onCancel = self.onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    onCancel?()
  }

  /// Whether ``cancel()`` has been called.
  public var isCancelled: Bool {
    onCancel.withLock { $0 == nil }
  }
}

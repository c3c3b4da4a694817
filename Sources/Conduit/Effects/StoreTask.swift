/// A handle on the effects that one call to ``Store/send(_:)`` started.
///
/// Tests and async code use it to wait for an action's work without sleeping:
///
/// ```swift
/// await store.send(.refresh).finish()
/// #expect(store.isLoading == false)
/// ```
///
/// The effects include those of actions that the started effects send back, so `finish()`
/// returns once the whole chain has settled.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let handle: EffectHandle?

  @inlinable
  init(handle: EffectHandle?) {
    self.handle = handle
  }

  /// Waits until every effect started by the send has finished or been cancelled.
  public func finish() async {
    await handle?.finish()
  }

  /// Cancels every effect started by the send that is still running.
  public func cancel() {
    handle?.cancel()
  }

  /// Whether the send's effects are cancelled.
  ///
  /// A send that started no effect has nothing left to run and reports `true`, as does one
  /// whose ``cancel()`` has been called.
  public var isCancelled: Bool {
    handle?.isCancelled ?? true
  }

  /// Whether two tasks are handles on the same send.
  ///
  /// - Parameters:
  ///   - lhs: A task.
  ///   - rhs: Another task.
  /// - Returns: `true` when both come from the same call to ``Store/send(_:)``.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.handle === rhs.handle
  }

  /// Hashes the identity of the send this task comes from.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(handle.map(ObjectIdentifier.init))
  }
}

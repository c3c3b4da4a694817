/// Delivers actions from an effect back to its store.
///
/// An effect created with ``Effect/run(priority:operation:catch:fileID:line:)`` receives a
/// `Send` and calls it like a function. It is `Sendable` and hops to the main actor, so it can
/// be called from any task, including detached tasks and other actors:
///
/// ```swift
/// return .run { send in
///   let episodes = try await client.episodes(show)
///   await send(.episodesLoaded(episodes))
/// }
/// ```
///
/// Once the effect is cancelled, calls are ignored, so a cancelled search never delivers stale
/// results.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline let deliver: @MainActor @Sendable (Action) -> Void

  @inlinable
  nonisolated init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends an action to the store, unless the effect calling it has been cancelled.
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// A `Send` for a child's actions that delivers them embedded by `transform`.
  @inlinable
  nonisolated func map<ChildAction>(
    _ transform: @escaping @Sendable (ChildAction) -> Action
  ) -> Send<ChildAction> {
    let deliver = self.deliver
    return Send<ChildAction> { deliver(transform($0)) }
  }
}

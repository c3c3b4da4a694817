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
  /// Ends the presentation the effect belongs to; nil outside a presentation.
  @usableFromInline let dismissPresentation: (@MainActor @Sendable () -> Void)?

  @inlinable
  nonisolated init(
    _ deliver: @escaping @MainActor @Sendable (Action) -> Void,
    dismiss: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.deliver = deliver
    self.dismissPresentation = dismiss
  }

  /// Sends an action to the store, unless the effect calling it has been cancelled.
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// Dismisses the presented feature whose effect this is, as if it returned
  /// ``Effect/dismiss``.
  ///
  /// ```swift
  /// return .run { send in
  ///   try await client.save(draft)
  ///   await send.dismiss()
  /// }
  /// ```
  ///
  /// The parent receives its presentation's `.dismiss` action (or, for a screen on a stack,
  /// `.popFrom(id:)`), which sets the state to nil and cancels this effect. Outside a
  /// presentation it does nothing but print a runtime warning (a test failure in a test store).
  ///
  /// - Parameters:
  ///   - fileID: The file of the call, named in the warning.
  ///   - line: The line of the call, named in the warning.
  public func dismiss(fileID: StaticString = #fileID, line: UInt = #line) {
    guard !Task.isCancelled else { return }
    guard let dismissPresentation else {
      runtimeWarning(
        """
        An effect called `send.dismiss()` outside a presentation: no `ifLet` of a \
        `PresentationState` or stack `forEach` runs the feature it belongs to, so there is \
        nothing to dismiss.
        """, fileID: fileID, line: line)
      return
    }
    dismissPresentation()
  }

  /// A `Send` for a child's actions that delivers them embedded by `transform`.
  @inlinable
  nonisolated func map<ChildAction>(
    _ transform: @escaping @Sendable (ChildAction) -> Action
  ) -> Send<ChildAction> {
    let deliver = self.deliver
    return Send<ChildAction>({ deliver(transform($0)) }, dismiss: dismissPresentation)
  }

  /// The same `Send`, dismissing with `dismiss`.
  @inlinable
  nonisolated func dismissing(with dismiss: @escaping @MainActor @Sendable () -> Void) -> Send {
    Send(deliver, dismiss: dismiss)
  }
}

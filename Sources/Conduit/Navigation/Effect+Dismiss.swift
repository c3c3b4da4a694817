extension Effect {
  /// An effect that dismisses the presented feature that returns it.
  ///
  /// A presented child ends its own presentation without knowing its parent:
  ///
  /// ```swift
  /// case .cancelTapped:
  ///   return .dismiss
  /// ```
  ///
  /// The ``Reducer/ifLet(_:action:fileID:line:column:destination:)`` that presents the child
  /// turns it into the parent's `.dismiss` action (the stack `forEach` into `.popFrom(id:)` of
  /// the child's screen), which the parent then sees, and which sets the state to nil. Inside a
  /// `.run` effect, call ``Send/dismiss(fileID:line:)`` instead. Returned outside a presentation,
  /// it does nothing but print a runtime warning (a test failure in a test store).
  public static var dismiss: Self { Self(operation: .dismiss) }

  /// This effect with its dismissals turned into `dismissAction`: `.dismiss` becomes a send of
  /// it, and `send.dismiss()` inside its `.run` effects delivers it.
  @usableFromInline
  func resolvingDismiss(
    into dismissAction: @escaping @Sendable () -> Action
  ) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelMatching:
      return self
    case .dismiss:
      return Self(operation: .send(dismissAction))
    case .run(let run):
      let operation = run.operation
      var resolved = run
      resolved.operation = { send in
        try await operation(send.dismissing { send(dismissAction()) })
      }
      if let handler = run.handler {
        resolved.handler = { @Sendable (error: any Error, send: Send<Action>) async in
          await handler(error, send.dismissing { send(dismissAction()) })
        }
      }
      return Self(operation: .run(resolved))
    case .merge(let effects):
      return Self(operation: .merge(effects.map { $0.resolvingDismiss(into: dismissAction) }))
    case .concatenate(let effects):
      return Self(
        operation: .concatenate(effects.map { $0.resolvingDismiss(into: dismissAction) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight,
          effect.resolvingDismiss(into: dismissAction)))
    }
  }
}

/// Work a reducer asks the store to do after it changes the state: usually asynchronous work
/// that sends actions back.
///
/// A reducer returns an effect from every action. Most return ``none``; one that needs to load
/// data returns ``run(priority:operation:catch:fileID:line:)``, which runs off the main actor and
/// sends its results back through ``Send``:
///
/// ```swift
/// case .searchChanged(let query):
///   state.query = query
///   return .run { send in
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.resultsLoaded(try await client.search(query)))
///   }
///   .cancellable(id: CancelID.search, cancelInFlight: true)
/// ```
///
/// Effects are values: they do nothing until the store runs them, so a reducer stays a pure
/// function that tests can call directly.
public struct Effect<Action>: Sendable {
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    /// An action delivered right after the current one, without a task.
    case send(@Sendable () -> Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    /// Cancels the running effects whose identifier matches; for `forEach`, when it cannot tell
    /// exactly which elements went away.
    case cancelMatching(@Sendable (EffectID) -> Bool)
    /// Ends the presentation of the feature that returned it; the presentation reducer turns
    /// it into its parent's dismiss action.
    case dismiss
  }

  @usableFromInline
  struct Run: Sendable {
    @usableFromInline var priority: TaskPriority?
    @usableFromInline var operation: @Sendable (Send<Action>) async throws -> Void
    @usableFromInline var handler: (@Sendable (any Error, Send<Action>) async -> Void)?
    @usableFromInline var fileID: StaticString
    @usableFromInline var line: UInt

    @inlinable
    init(
      priority: TaskPriority?, operation: @escaping @Sendable (Send<Action>) async throws -> Void,
      handler: (@Sendable (any Error, Send<Action>) async -> Void)?, fileID: StaticString,
      line: UInt
    ) {
      self.priority = priority
      self.operation = operation
      self.handler = handler
      self.fileID = fileID
      self.line = line
    }
  }

  @usableFromInline let operation: Operation

  @inlinable
  init(operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  ///
  /// Return it from a reducer when an action only changes the state:
  ///
  /// ```swift
  /// case .increment:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self { Self(operation: .none) }

  /// An effect that delivers an action right after the current action finishes.
  ///
  /// The action runs synchronously, in the same call to ``Store/send(_:)``, after the current
  /// action's state changes have reached every observer. It is useful for sharing logic between
  /// actions; prefer calling a helper function where the order does not matter.
  ///
  /// ```swift
  /// case .refreshTapped:
  ///   return .send(.load)
  /// ```
  ///
  /// - Parameter action: The action to deliver.
  /// - Returns: An effect that sends `action`.
  @inlinable
  public static func send(_ action: Action) -> Self where Action: Sendable {
    Self(operation: .send { action })
  }

  /// An effect that runs asynchronous work off the main actor and sends actions back.
  ///
  /// `send` hops to the main actor, so it is safe to call from any task. Once the effect is
  /// cancelled, its sends are dropped. A thrown `CancellationError` ends the effect quietly; any
  /// other error goes to `handler`, or, without one, is reported as a runtime warning in debug
  /// builds.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await event in client.events() {
  ///     await send(.received(event))
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work to run; it receives a ``Send`` for delivering actions.
  ///   - handler: Called with errors thrown by `operation`, other than cancellation.
  ///   - fileID: The file that created the effect, for warnings.
  ///   - line: The line that created the effect, for warnings.
  /// - Returns: An effect that runs `operation`.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    Self(
      operation: .run(
        Run(
          priority: priority, operation: operation, handler: handler, fileID: fileID, line: line)
      ))
  }

  /// An effect that runs several effects at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that finishes when all of `effects` have finished.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// An effect that runs a sequence of effects at the same time.
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that finishes when all of `effects` have finished.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    return effects.count == 1
      ? effects[0] : Self(operation: effects.isEmpty ? .none : .merge(effects))
  }

  /// An effect that runs several effects one after another.
  ///
  /// Each effect starts when the previous one has finished, including the actions its sends
  /// caused. The first effect starts at once.
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect that finishes when the last of `effects` has finished.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs a sequence of effects one after another.
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect that finishes when the last of `effects` has finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    return effects.count == 1
      ? effects[0] : Self(operation: effects.isEmpty ? .none : .concatenate(effects))
  }

  /// An effect that cancels the running effects marked with an identifier.
  ///
  /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: An effect that cancels, then finishes at once.
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: EffectID(id)))
  }

  /// Marks this effect so that it can be cancelled with ``cancel(id:)``.
  ///
  /// Identifiers are shared by every reducer of one root store. With `cancelInFlight`, starting
  /// the effect first cancels any effect still running under the same identifier, which is how a
  /// search cancels the previous request:
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Actions this effect has already delivered stay delivered; only later work is cancelled.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value, such as a case of a private `enum CancelID`.
  ///   - cancelInFlight: Whether to cancel effects running under `id` before starting this one.
  /// - Returns: The same effect, cancellable through `id`.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    Self(operation: .cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Transforms the actions this effect sends.
  ///
  /// A parent uses it to embed a child's effects into its own actions; ``Scope`` does this for
  /// you.
  ///
  /// - Parameter transform: Turns each action this effect sends into the new action type.
  /// - Returns: An effect that does the same work and sends transformed actions.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let make):
      return Effect<NewAction>(operation: .send { transform(make()) })
    case .run(let run):
      let handler = run.handler.map { handler in
        { @Sendable (error: any Error, send: Send<NewAction>) async in
          await handler(error, send.map(transform))
        }
      }
      return Effect<NewAction>(
        operation: .run(
          Effect<NewAction>.Run(
            priority: run.priority,
            operation: { send in try await run.operation(send.map(transform)) },
            handler: handler, fileID: run.fileID, line: run.line)))
    case .merge(let effects):
      return Effect<NewAction>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        operation: .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(operation: .cancel(id: id))
    case .cancelMatching(let predicate):
      return Effect<NewAction>(operation: .cancelMatching(predicate))
    case .dismiss:
      return Effect<NewAction>(operation: .dismiss)
    }
  }

  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// `merge(self, other)` without building arrays when either is `.none`, the common case on
  /// the hot path of every action.
  @inlinable
  func merging(_ other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return Self(operation: .merge([self, other]))
  }
}

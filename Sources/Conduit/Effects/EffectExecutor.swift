/// Runs effects outside a ``Store``: the hook a test store is built on.
///
/// This is Conduit's only SPI group, `Testing`, for the `ConduitTesting` product. It is not
/// part of the public API, and may change in any release:
///
/// ```swift
/// @_spi(Testing) import Conduit
///
/// let executor = EffectExecutor<Action> { action in received.append(action) }
/// let task = executor.start(effect)
/// await task.finish()
/// ```
@_spi(Testing)
@MainActor
public final class EffectExecutor<Action> {
  /// What an executor tells its instrument about one `.run` effect it is about to start.
  public struct Run: Sendable {
    /// The file that created the effect.
    public let fileID: StaticString
    /// The line that created the effect.
    public let line: UInt
    /// Whether the work starts only once the effects before it in a concatenation have ended,
    /// rather than as soon as its task is scheduled.
    public let startsLater: Bool
  }

  /// Runs the work of one `.run` effect, in the effect's task.
  ///
  /// The work is the effect's operation followed, if it throws, by its `catch:` handler; it
  /// throws only what the effect itself would have let escape (cancellation, or an error with
  /// no handler), and the wrapper must let that through.
  public typealias Wrapper =
    @Sendable (_ work: @Sendable () async throws -> Void) async throws -> Void

  private let registry = EffectRegistry()
  private let runner: EffectRunner<Action>
  private let instrument: (@MainActor (Run) -> Wrapper)?

  /// Creates an executor that hands every action an effect sends to `deliver`, on the main
  /// actor: synchronously for ``Effect/send(_:)``, after a hop for actions sent from a task.
  ///
  /// - Parameter deliver: Receives each action the effects send.
  public convenience init(deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.init(deliver: deliver, instrument: nil)
  }

  /// Creates an executor that also lets the caller wrap the work of every `.run` effect.
  ///
  /// `instrument` is called on the main actor while ``start(_:)`` runs, once for each `.run`
  /// in the effect, including the later parts of a concatenation (which their ``Run`` marks as
  /// starting later). The wrapper it returns runs in the effect's task, around the work: a
  /// test store uses it to bind a task local and to learn when each effect begins and ends.
  ///
  /// - Parameters:
  ///   - deliver: Receives each action the effects send.
  ///   - instrument: Returns the wrapper for one `.run` effect.
  public init(
    deliver: @escaping @MainActor @Sendable (Action) -> Void,
    instrument: (@MainActor (_ run: Run) -> Wrapper)?
  ) {
    self.instrument = instrument
    runner = EffectRunner(registry: registry) { action, _ in
      deliver(action)
      return StoreTask(handle: nil)
    }
  }

  deinit {
    registry.cancelAll()
  }

  /// Starts an effect.
  ///
  /// - Parameter effect: The effect to run.
  /// - Returns: A task for the work the effect started.
  @discardableResult
  public func start(_ effect: Effect<Action>) -> StoreTask {
    guard !effect.isNone else { return StoreTask(handle: nil) }
    let effect =
      instrument.map { instrument in
        effect.instrumented { run in MainActor.assumeIsolated { instrument(run) } }
      } ?? effect
    let handle = EffectHandle()
    runner.start(effect, for: handle)
    handle.markRun()
    return StoreTask(handle: handle)
  }

  /// How many effects are still running: started, not finished, and not yet past cancellation.
  public nonisolated var runningCount: Int {
    registry.count
  }

  /// Cancels every running effect.
  public nonisolated func cancelAll() {
    registry.cancelAll()
  }
}

@_spi(Testing)
extension Effect {
  /// The same effect, with the work of every `.run` in it wrapped by `instrument`, as
  /// ``EffectExecutor/init(deliver:instrument:)`` describes: the hook the test store uses on
  /// the effects its reducer returns.
  ///
  /// - Parameter instrument: Returns the wrapper for one `.run` effect; called once per `.run`
  ///   before this returns, including the later parts of a concatenation (which their
  ///   ``EffectExecutor/Run`` marks as starting later).
  /// - Returns: The instrumented effect.
  public func instrumented(
    with instrument: (EffectExecutor<Action>.Run) -> EffectExecutor<Action>.Wrapper
  ) -> Effect {
    instrumented(with: instrument, startsLater: false)
  }

  private func instrumented(
    with instrument: (EffectExecutor<Action>.Run) -> EffectExecutor<Action>.Wrapper,
    startsLater: Bool
  ) -> Effect<Action> {
    switch operation {
    case .none, .send, .cancel, .cancelMatching, .dismiss:
      return self
    case .run(let run):
      let wrap = instrument(
        EffectExecutor<Action>.Run(fileID: run.fileID, line: run.line, startsLater: startsLater))
      let operation = run.operation
      let handler = run.handler
      // The handler moves inside the wrapper so the wrapper sees the effect's whole life; what
      // still escapes is what the runner handles as before (cancellation, or an unhandled error
      // it warns about at the effect's own file and line).
      let work: @Sendable (Send<Action>) async throws -> Void = { send in
        try await wrap {
          do {
            try await operation(send)
          } catch let error where !(error is CancellationError) {
            guard let handler else { throw error }
            await handler(error, send)
          }
        }
      }
      return Effect(
        operation: .run(
          Effect.Run(
            priority: run.priority, operation: work, handler: nil, fileID: run.fileID,
            line: run.line)))
    case .merge(let effects):
      return Effect(
        operation: .merge(
          effects.map { $0.instrumented(with: instrument, startsLater: startsLater) }))
    case .concatenate(let effects):
      return Effect(
        operation: .concatenate(
          effects.enumerated().map { index, effect in
            effect.instrumented(with: instrument, startsLater: startsLater || index > 0)
          }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight,
          effect.instrumented(with: instrument, startsLater: startsLater)))
    }
  }
}

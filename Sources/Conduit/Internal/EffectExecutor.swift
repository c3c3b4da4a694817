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
  private let registry = EffectRegistry()
  private let runner: EffectRunner<Action>

  /// Creates an executor that hands every action an effect sends to `deliver`, on the main
  /// actor: synchronously for ``Effect/send(_:)``, after a hop for actions sent from a task.
  ///
  /// - Parameter deliver: Receives each action the effects send.
  public init(deliver: @escaping @MainActor @Sendable (Action) -> Void) {
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

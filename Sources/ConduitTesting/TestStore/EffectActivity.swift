@_spi(Testing) import Conduit

/// What the test helpers know of one `.run` effect that a test store started: whether its task
/// has begun, whether it is asleep on a ``TestClock``, whether it has ended or been cancelled,
/// and how often it has done something observable.
///
/// Swift offers no way to ask whether another task is suspended, yet a deterministic test
/// needs to know that an effect has gone as far as it can before the test moves on: that it is
/// asleep on the test clock before the clock advances, or has delivered its actions before
/// the next effect wakes. The test store wraps each effect's work (through
/// ``EffectExecutor``'s instrument) to bind ``current`` for the effect's task; the test clock
/// and the store's delivery report to it; and ``settle(_:)`` waits on those
/// reports instead of on time.
final class EffectActivity: Sendable {
  enum Phase: Sendable {
    /// Created when the effect was started; its task has not run yet.
    case scheduled
    case running
    case finished
  }

  private struct State {
    var phase = Phase.scheduled
    var isCancelled = false
    /// How many of the effect's sleeps on a test clock are in progress.
    var sleeps = 0
    /// Bumped on every report, so a waiter can tell whether the effect is making progress.
    var progress = 0
  }

  /// The activity of the effect whose task is running, if a test store started it.
  @TaskLocal static var current: EffectActivity?

  /// Whether the effect starts only when the effects before it in a concatenation have ended.
  let startsLater: Bool
  /// Names the effect in failure messages: where it was created and which action started it.
  let description: String
  private let state = Locked(State())

  init(startsLater: Bool, description: String) {
    self.startsLater = startsLater
    self.description = description
  }

  /// Runs the effect's work with this activity bound to ``current``, reporting its life.
  func run(_ work: @Sendable () async throws -> Void) async throws {
    update { $0.phase = .running }
    defer { update { $0.phase = .finished } }
    try await withTaskCancellationHandler {
      try await Self.$current.withValue(self) { try await work() }
    } onCancel: {
      update { $0.isCancelled = true }
    }
  }

  /// The effect's task is about to suspend on a test clock.
  func willSleep() { update { $0.sleeps += 1 } }
  /// The effect's task is running again after a sleep on a test clock, woken or cancelled.
  func didWake() { update { $0.sleeps -= 1 } }
  /// The effect delivered an action.
  func didSend() { update { _ in } }

  var phase: Phase { state.withLock { $0.phase } }

  /// Whether the effect is still expected to do something: running and not cancelled, or
  /// about to run. A cancelled effect counts as done, as it can no longer send actions.
  var isAlive: Bool {
    state.withLock { state in
      switch state.phase {
      case .scheduled: !startsLater && !state.isCancelled
      case .running: !state.isCancelled
      case .finished: false
      }
    }
  }

  /// Whether the effect has gone as far as it can on its own: ended, or asleep on a test clock.
  private var isSettled: Bool {
    state.withLock { $0.phase == .finished || $0.sleeps > 0 }
  }

  private var progress: Int { state.withLock { $0.progress } }

  private func update(_ body: (inout State) -> Void) {
    state.withLock { state in
      body(&state)
      state.progress += 1
    }
  }

  /// How many turns without any report from a running effect count as "it is waiting for
  /// something other than a test clock".
  static let idleTurns = 100

  /// How many turns a settle takes at most: a safety net for an effect that reports progress
  /// forever without settling (one that sends in a tight loop). Counted in turns rather than
  /// real time so that a busy machine, which slows every turn, does not cut a wait short.
  static let maxTurns = 100_000

  /// Lets other work run once: a turn of the caller's executor, then every job already queued
  /// on the main actor. Effects deliver their actions on the main actor, so an effect whose
  /// delivery is queued there is heard from within one turn, however busy the main actor is.
  private static func takeTurn() async {
    await Task.yield()
    await MainActor.run {}
  }

  /// Lets effects run until each has ended, is asleep on a test clock, or has stopped
  /// reporting progress.
  ///
  /// An effect whose task has not begun is always waited for: it will begin. An effect that
  /// is running is waited for until it ends or sleeps on a test clock, or until `idleTurns`
  /// turns pass without a report from any of them (it awaits something the helpers cannot
  /// see, such as a stream the test feeds). With no activities (nil), it takes `idleTurns`
  /// turns, which lets tasks the helpers do not track reach their next suspension. No real
  /// time is involved.
  static func settle(_ activities: [EffectActivity]?) async {
    var idle = 0
    var lastProgress = activities?.reduce(0) { $0 + $1.progress }
    for _ in 0..<maxTurns {
      let pending = (activities ?? []).filter { activity in
        !activity.isSettled && !(activity.startsLater && activity.phase == .scheduled)
      }
      let waitingToBegin = pending.contains { $0.phase == .scheduled }
      if activities != nil && pending.isEmpty { return }
      if !waitingToBegin && idle >= idleTurns { return }
      await takeTurn()
      let progress = activities?.reduce(0) { $0 + $1.progress }
      if progress != lastProgress {
        lastProgress = progress
        idle = 0
      } else if !waitingToBegin {
        idle += 1
      }
    }
  }
}

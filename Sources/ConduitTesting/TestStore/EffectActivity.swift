@_spi(Testing) import Conduit
import Foundation

/// What the test helpers know of one `.run` effect that a test store started: whether its task
/// has begun, whether it is asleep on a ``TestClock``, whether it has ended or been cancelled,
/// which effects the actions it sent started, and how often it has done something observable.
///
/// Swift offers no way to ask whether another task is suspended, yet a deterministic test
/// needs to know that an effect has gone as far as it can before the test moves on: that it is
/// asleep on the test clock before the clock advances, or has delivered its actions before
/// the next effect wakes. The test store wraps each effect's work (through
/// `Effect.instrumented(with:)`) to bind ``current`` for the effect's task; the test clock and
/// the test store's reducer report to it; and ``settle(_:until:)`` waits on those reports
/// instead of on time.
final class EffectActivity: Sendable {
  enum Phase: Sendable {
    /// Created when the effect was started; its task has not run yet.
    case scheduled
    case running
    case finished
  }

  /// One sleep on a test clock in progress, for messages: when it wakes, on which clock.
  struct Sleep: Sendable {
    var deadline: TestClock.Instant
    var clock: TestClock
  }

  private struct State {
    var phase = Phase.scheduled
    var isCancelled = false
    /// The effect's sleeps on a test clock in progress.
    var sleeps: [Int: Sleep] = [:]
    var nextSleep = 0
    /// Bumped on every report, so a waiter can tell whether the effect is making progress.
    var progress = 0
    /// The effects that the actions this effect sent started.
    var spawned: [EffectActivity] = []
  }

  /// The activity of the effect whose task is running, if a test store started it.
  @TaskLocal static var current: EffectActivity?

  /// Whether the effect starts only when the effects before it in a concatenation have ended.
  let startsLater: Bool
  /// Where the effect was created: `Feature.swift:42`.
  let site: String
  /// What started it: `send(.refresh) at FeatureTests.swift:12`.
  let origin: String
  /// The serial number of the test store's send whose work this effect is part of: it ends
  /// before that send's task finishes.
  let chain: Int
  private let state = Locked(State())

  init(startsLater: Bool, site: String, origin: String, chain: Int = 0) {
    self.startsLater = startsLater
    self.site = site
    self.origin = origin
    self.chain = chain
  }

  /// Names the effect in failure messages: where it was created and which action started it.
  var description: String { "the effect at \(site), started by \(origin)" }

  /// The description, with what the effect is doing when that is not plain running: asleep on
  /// a test clock (which only ``TestClock/advance(by:)`` ends), cancelled, or not begun.
  var descriptionWithStatus: String {
    let (phase, isCancelled, sleep) = state.withLock { state in
      (
        state.phase, state.isCancelled,
        state.sleeps.values.min { $0.deadline.offset < $1.deadline.offset }
      )
    }
    var text = description
    if let sleep {
      text +=
        ", asleep on a TestClock waiting for advance (it wakes at"
        + " \(describe(sleep.deadline.offset)); the clock is at \(describe(sleep.clock.now.offset)))"
    } else if isCancelled && phase != .finished {
      text += ", cancelled but still running: it does not check for cancellation"
    } else if phase == .scheduled {
      text += startsLater ? ", waiting for the effects before it to end" : ", not begun yet"
    }
    return text
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

  /// The effect's task is about to suspend on `clock` until `deadline`; returns a token for
  /// ``didWake(_:)``.
  func willSleep(until deadline: TestClock.Instant, on clock: TestClock) -> Int {
    withUpdate { state in
      let token = state.nextSleep
      state.nextSleep += 1
      state.sleeps[token] = Sleep(deadline: deadline, clock: clock)
      return token
    }
  }

  /// The effect's task is running again after a sleep on a test clock, woken or cancelled.
  func didWake(_ token: Int) { update { $0.sleeps[token] = nil } }

  /// The effect delivered an action.
  func didSend() { update { _ in } }

  /// An action this effect sent started `activity`: waiting for this effect to go as far as it
  /// can waits for that one too.
  func didSpawn(_ activity: EffectActivity) { update { $0.spawned.append(activity) } }

  var phase: Phase { state.withLock { $0.phase } }

  /// Whether the effect is still expected to do something: running and not cancelled, or
  /// about to run. A cancelled effect counts as done, as it can no longer send actions.
  var isAlive: Bool {
    state.withLock { state in
      switch state.phase {
      case .scheduled, .running: !state.isCancelled
      case .finished: false
      }
    }
  }

  /// Whether the effect has gone as far as it can on its own: ended, or asleep on a test clock.
  private var isSettled: Bool {
    state.withLock { $0.phase == .finished || !$0.sleeps.isEmpty }
  }

  private var progress: Int { state.withLock { $0.progress } }

  private var spawned: [EffectActivity] { state.withLock { $0.spawned } }

  private func update(_ body: (inout State) -> Void) {
    withUpdate(body)
  }

  private func withUpdate<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { state in
      defer { state.progress += 1 }
      return body(&state)
    }
  }

  /// `activities` and every effect that their actions started, and theirs, and so on.
  private static func withDescendants(_ activities: [EffectActivity]) -> [EffectActivity] {
    var all = activities
    var seen = Set(activities.map(ObjectIdentifier.init))
    var index = 0
    while index < all.count {
      for child in all[index].spawned where seen.insert(ObjectIdentifier(child)).inserted {
        all.append(child)
      }
      index += 1
    }
    return all
  }

  /// How many turns without any report from a running effect count as "it is waiting for
  /// something other than a test clock".
  static let idleTurns = 100

  /// How many turns a settle takes at most: a safety net for an effect that reports progress
  /// forever without settling (one that sends in a tight loop). Counted in turns rather than
  /// only in real time so that a busy machine, which slows every turn, does not cut a wait
  /// short; the real-time bound of ``settle(_:until:)`` is the other net.
  static let maxTurns = 20_000

  /// Lets other work run once: a turn of the caller's executor, then every job already queued
  /// on the main actor. Effects deliver their actions on the main actor, so an effect whose
  /// delivery is queued there is heard from within one turn, however busy the main actor is.
  private static func takeTurn() async {
    await Task.yield()
    await MainActor.run {}
  }

  /// Lets effects run until each has ended, is asleep on a test clock, or has stopped
  /// reporting progress; the effects their actions start are waited for the same way.
  ///
  /// An effect whose task has not begun is always waited for: it will begin. An effect that
  /// is running is waited for until it ends or sleeps on a test clock, or until `idleTurns`
  /// turns pass without a report from any of them (it awaits something the helpers cannot
  /// see, such as a stream the test feeds). With no activities (nil), it takes `idleTurns`
  /// turns, which lets tasks the helpers do not track reach their next suspension. It never
  /// waits past `deadline`, nor more than `maxTurns` turns: an effect that sends in a loop
  /// never settles.
  static func settle(
    _ activities: [EffectActivity]?,
    until deadline: ContinuousClock.Instant = .now.advanced(by: .seconds(1))
  ) async {
    var idle = 0
    var lastProgress: Int?
    for turn in 0..<maxTurns {
      let all = activities.map(withDescendants)
      let pending = (all ?? []).filter { activity in
        !activity.isSettled && !(activity.startsLater && activity.phase == .scheduled)
      }
      let waitingToBegin = pending.contains { $0.phase == .scheduled }
      if activities != nil && pending.isEmpty { return }
      if !waitingToBegin && idle >= idleTurns { return }
      // Reading the clock costs more than a turn; every few turns is enough.
      if turn % 16 == 15 && ContinuousClock.now >= deadline { return }
      await takeTurn()
      let progress = all?.reduce(0) { $0 + $1.progress }
      if progress != lastProgress {
        lastProgress = progress
        idle = 0
      } else if !waitingToBegin {
        idle += 1
      }
    }
  }
}

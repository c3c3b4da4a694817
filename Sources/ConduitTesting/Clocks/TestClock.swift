@_spi(Testing) import Conduit

/// A clock whose time moves only when a test says so.
///
/// Give it to a reducer in place of `ContinuousClock` (see the reducer's clock property), and
/// effects that sleep, debounce or time out run in a test without real waiting:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(
///   initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
///
/// await store.send(.queryChanged("break")) { $0.query = "break" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking Bad"] }
/// ```
///
/// A task that sleeps on the clock stays suspended until ``advance(by:)`` (or
/// ``run(maxWakeUps:fileID:filePath:line:column:)``) moves the time past its deadline.
/// Advancing wakes the sleepers one at a time, in deadline order (in the order they fell asleep
/// for equal deadlines), and for each waits until the woken task has resumed and gone as far as
/// it can: until it sleeps again, ends, or stops making progress. Effects started by a
/// ``TestStore`` report when they deliver actions, sleep and end, so that wait needs no real
/// time; other tasks are given a hundred turns of the scheduler without progress before the
/// clock moves on. A cancelled sleep throws `CancellationError` at once and leaves nothing
/// behind.
///
/// Conduit has no outside dependencies, so this clock is written here rather than taken from
/// a package such as swift-clocks, whose `TestClock` an app may already use the same way.
public final class TestClock: Clock, Sendable {
  /// A point in a test clock's time: how far the clock has been advanced since it was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    let offset: Duration

    init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    ///
    /// - Parameter duration: How far to move; negative moves back.
    /// - Returns: The later (or earlier) instant.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to another.
    ///
    /// - Parameter other: Another instant of the same clock.
    /// - Returns: How long after this instant `other` is; negative when it is before.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether one instant comes before another.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier than `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    enum Phase {
      /// Recorded; its task is about to hand over its continuation.
      case registering
      case waiting(CheckedContinuation<Void, any Error>)
      /// Woken while still registering: it resumes as soon as it hands over its continuation.
      case due
      /// Cancelled while still registering: it throws as soon as it would have waited.
      case cancelled
    }

    let deadline: Instant
    /// The order of falling asleep, which breaks ties between equal deadlines.
    let order: Int
    var phase: Phase
    let activity: EffectActivity?
  }

  /// How a woken sleeper tells ``advance(to:)`` that its task is running again.
  private enum Handshake {
    case expected
    case resumed
    case awaited(CheckedContinuation<Void, Never>)
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var handshakes: [Int: Handshake] = [:]
  }

  private let state = Locked(State())

  /// Creates a clock at time zero.
  public init() {}

  /// The current time, which moves only when the clock is advanced.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock measures: none, as it only moves when told.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on the clock, waiting for it to reach their deadlines.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until the clock is advanced to `deadline` or past it.
  ///
  /// Returns at once when `deadline` has already passed.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: the test decides when time passes.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let activity = EffectActivity.current
    let id: Int? = state.withLock { state in
      guard deadline > state.now else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.sleepers[id] = Sleeper(
        deadline: deadline, order: id, phase: .registering, activity: activity)
      return id
    }
    guard let id else { return }
    let sleep = activity?.willSleep(until: deadline, on: self)
    do {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let outcome: Result<Void, any Error>? = state.withLock { state in
            switch state.sleepers[id]?.phase {
            case .registering:
              state.sleepers[id]?.phase = .waiting(continuation)
              return nil
            case .due:
              state.sleepers[id] = nil
              return .success(())
            case .cancelled, .waiting, nil:
              state.sleepers[id] = nil
              return .failure(CancellationError())
            }
          }
          if let outcome { continuation.resume(with: outcome) }
        }
      } onCancel: {
        cancelSleeper(id)
      }
    } catch {
      if let sleep { activity?.didWake(sleep) }
      throw error
    }
    if let sleep { activity?.didWake(sleep) }
    completeHandshake(id)
  }

  /// Waits until at least `count` tasks are asleep on the clock.
  ///
  /// The effects a ``TestStore`` starts are asleep by the time its `send` returns, but the
  /// clock cannot know when other tasks will fall asleep: the effects of a plain `Store`, or
  /// tasks a test starts itself. Wait for them before advancing past their deadlines:
  ///
  /// ```swift
  /// let task = store.send(.queryChanged("lost"))
  /// await clock.waitForSleepers(1)
  /// await clock.advance(by: .milliseconds(300))
  /// await task.finish()
  /// ```
  ///
  /// It returns as soon as the count is reached; real time only bounds a wait that fails.
  ///
  /// - Parameters:
  ///   - count: How many tasks must be asleep.
  ///   - timeout: The real time after which to give up and record a test failure.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of the file of the call, for the failure.
  ///   - line: The line of the call, for the failure.
  ///   - column: The column of the call, for the failure.
  public func waitForSleepers(
    _ count: Int,
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let framework = TestFramework.current
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while sleeperCount < count {
      guard ContinuousClock.now < deadline else {
        let asleep = sleeperCount
        recordFailure(
          """
          Expected \(counted(count, "task")) asleep on the test clock, but \(asleep) \
          \(asleep == 1 ? "is" : "are") after \(describe(timeout)).
          """,
          at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
          fallback: framework)
        return
      }
      await Task.yield()
    }
  }

  /// Moves the time forward, waking every task whose deadline it reaches.
  ///
  /// Sleepers wake one at a time, in deadline order; after waking each, the clock waits until
  /// that task has resumed and gone as far as it can (see ``TestClock``), so a sleeper that
  /// sleeps again before the new time wakes again within the same call. When it returns,
  /// ``now`` is the new time.
  ///
  /// - Parameter duration: How far to move; zero wakes only the tasks already due.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the time forward to `deadline`, waking every task whose deadline it reaches.
  ///
  /// Does nothing to ``now`` when `deadline` has already passed, but still wakes due tasks.
  ///
  /// - Parameter deadline: The new time.
  public func advance(to deadline: Instant) async {
    // Tasks the helpers do not track may be about to fall asleep: give them a few turns.
    await EffectActivity.settle(nil)
    _ = await wakeSleepers(until: deadline, atMost: .max)
  }

  /// Advances the clock until no task sleeps on it.
  ///
  /// Use it when the exact times do not matter. A task that keeps sleeping in a loop (a
  /// timer) would never let it end, so it gives up after waking tasks `maxWakeUps` times and
  /// records a test failure; advance timers with ``advance(by:)`` instead.
  ///
  /// - Parameters:
  ///   - maxWakeUps: How many times to wake a task before giving up.
  ///   - fileID: The file of the call, for the failure.
  ///   - filePath: The full path of the file of the call, for the failure.
  ///   - line: The line of the call, for the failure.
  ///   - column: The column of the call, for the failure.
  public func run(
    maxWakeUps: Int = 1_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let framework = TestFramework.current
    var wakeUps = 0
    await EffectActivity.settle(nil)
    while let next = state.withLock({ $0.sleepers.values.map(\.deadline).min() }) {
      guard wakeUps < maxWakeUps else {
        recordFailure(
          """
          TestClock.run() gave up after waking tasks \(maxWakeUps) times: \
          \(counted(sleeperCount, "task")) still sleeping. A task that sleeps in a loop never \
          lets it end; advance such timers with advance(by:).
          """,
          at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
          fallback: framework)
        return
      }
      wakeUps += await wakeSleepers(until: next, atMost: maxWakeUps - wakeUps)
    }
  }

  /// Wakes the sleepers due by `deadline` one at a time, each after the one before has gone as
  /// far as it can, then moves the time to `deadline`; stops early after `limit` wake-ups.
  /// Returns how many it woke.
  private func wakeSleepers(until deadline: Instant, atMost limit: Int) async -> Int {
    var count = 0
    while count < limit, let (id, continuation, activity) = wakeNextSleeper(until: deadline) {
      continuation?.resume()
      await awaitHandshake(id)
      await EffectActivity.settle(activity.map { [$0] })
      count += 1
    }
    return count
  }

  /// Takes the earliest sleeper due by `deadline` and moves the time to its deadline, or,
  /// when none is due, moves the time to `deadline` and returns nil.
  private func wakeNextSleeper(
    until deadline: Instant
  ) -> (Int, CheckedContinuation<Void, any Error>?, EffectActivity?)? {
    state.withLock { state in
      // Sleepers already woken (`due`) or cancelled are on their way out.
      let due = state.sleepers.filter { _, sleeper in
        switch sleeper.phase {
        case .registering, .waiting: sleeper.deadline <= deadline
        case .due, .cancelled: false
        }
      }
      guard
        let (id, sleeper) = due.min(by: {
          ($0.value.deadline, $0.value.order) < ($1.value.deadline, $1.value.order)
        })
      else {
        state.now = max(state.now, deadline)
        return nil
      }
      state.now = max(state.now, sleeper.deadline)
      state.handshakes[id] = .expected
      switch sleeper.phase {
      case .waiting(let continuation):
        state.sleepers[id] = nil
        return (id, continuation, sleeper.activity)
      case .registering, .due, .cancelled:
        // Its task has not handed over its continuation yet; it will see `due` and go on.
        state.sleepers[id]?.phase = .due
        return (id, nil, sleeper.activity)
      }
    }
  }

  private func cancelSleeper(_ id: Int) {
    let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      switch state.sleepers[id]?.phase {
      case .registering:
        state.sleepers[id]?.phase = .cancelled
        return nil
      case .waiting(let continuation):
        state.sleepers[id] = nil
        return continuation
      case .due, .cancelled, nil:
        return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }

  private func awaitHandshake(_ id: Int) async {
    await withCheckedContinuation { continuation in
      let resumed = state.withLock { state -> Bool in
        if case .resumed = state.handshakes[id] {
          state.handshakes[id] = nil
          return true
        }
        state.handshakes[id] = .awaited(continuation)
        return false
      }
      if resumed { continuation.resume() }
    }
  }

  private func completeHandshake(_ id: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      switch state.handshakes[id] {
      case .expected:
        state.handshakes[id] = .resumed
        return nil
      case .awaited(let continuation):
        state.handshakes[id] = nil
        return continuation
      case .resumed, nil:
        return nil
      }
    }
    waiter?.resume()
  }
}

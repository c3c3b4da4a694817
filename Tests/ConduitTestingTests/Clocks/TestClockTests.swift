@_spi(Testing) import Conduit
import Testing

@testable import ConduitTesting

@Suite struct TestClockTests {
  @Test func startsAtZeroAndMovesOnlyWhenAdvanced() async {
    let clock = TestClock()
    let start = clock.now

    await clock.advance(by: .seconds(3))

    #expect(start.duration(to: clock.now) == .seconds(3))
    #expect(clock.minimumResolution == .zero)
  }

  @Test func aSleepEndsOnlyOnceTheClockPassesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Locked(false)
    let sleeper = trackedTask {
      try await clock.sleep(for: .milliseconds(300))
      woke.withLock { $0 = true }
    }
    await clock.waitForSleepers(1)

    await clock.advance(by: .milliseconds(299))
    #expect(woke.withLock { $0 } == false)
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(woke.withLock { $0 } == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceWakesSleepersInDeadlineOrder() async throws {
    let clock = TestClock()
    let order = Locked<[Int]>([])
    var sleepers: [Task<Void, any Error>] = []
    for milliseconds in [300, 100, 200, 100] {
      sleepers.append(
        trackedTask {
          try await clock.sleep(for: .milliseconds(milliseconds))
          order.withLock { $0.append(milliseconds) }
        })
      // Each falls asleep before the next, so equal deadlines wake in this order too.
      await clock.waitForSleepers(sleepers.count)
    }

    await clock.advance(by: .seconds(1))

    #expect(order.withLock { $0 } == [100, 100, 200, 300])
    for sleeper in sleepers { try await sleeper.value }
  }

  @Test func aTaskThatSleepsAgainWithinTheAdvanceWakesAgain() async throws {
    let clock = TestClock()
    let wakes = Locked<[Duration]>([])
    let start = clock.now
    let sleeper = trackedTask {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        wakes.withLock { $0.append(start.duration(to: clock.now)) }
      }
    }
    await clock.waitForSleepers(1)

    await clock.advance(by: .milliseconds(2_500))

    #expect(wakes.withLock { $0 } == [.seconds(1), .seconds(2)])
    #expect(start.duration(to: clock.now) == .milliseconds(2_500))
    await clock.advance(by: .milliseconds(500))
    try await sleeper.value
    #expect(wakes.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
  }

  @Test func advancingToAPastInstantKeepsTheTime() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let now = clock.now

    await clock.advance(to: now.advanced(by: .seconds(-1)))

    #expect(clock.now == now)
  }

  @Test func aSleepWhoseDeadlinePassedReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(1))

    try await clock.sleep(until: clock.now)
    try await clock.sleep(for: .zero)

    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellingASleepThrowsAndLeavesNoSleeper() async {
    let clock = TestClock()
    let sleeper = trackedTask { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(1)

    sleeper.cancel()
    let result = await sleeper.result

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aSleepInACancelledTaskThrowsWithoutSleeping() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }

    let result = await sleeper.result

    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepsCancelledWhileFallingAsleepLeaveNoSleeper() async {
    let clock = TestClock()
    let sleepers = (0..<200).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }

    for sleeper in sleepers { sleeper.cancel() }
    for sleeper in sleepers {
      let result = await sleeper.result
      #expect(throws: CancellationError.self) { try result.get() }
    }

    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepersWokenWhileCancelledEitherWakeOrThrowButNeverHang() async {
    let clock = TestClock()
    let sleepers = (0..<100).map { _ in trackedTask { try await clock.sleep(for: .seconds(1)) } }
    await clock.waitForSleepers(100)

    async let advanced: Void = clock.advance(by: .seconds(1))
    for sleeper in sleepers { sleeper.cancel() }
    await advanced
    for sleeper in sleepers { _ = await sleeper.result }

    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesUntilNoTaskSleeps() async throws {
    let clock = TestClock()
    let start = clock.now
    let short = trackedTask { try await clock.sleep(for: .seconds(1)) }
    let long = trackedTask {
      try await clock.sleep(for: .seconds(2))
      try await clock.sleep(for: .seconds(3))
    }
    await clock.waitForSleepers(2)

    await clock.run()

    try await short.value
    try await long.value
    #expect(start.duration(to: clock.now) == .seconds(5))
  }

  @MainActor
  @Test func waitForSleepersFailsWhenTooFewFallAsleep() async {
    let clock = TestClock()
    let sleeper = trackedTask { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(1)
    let line = #line + 2
    let issues = await recordedIssues {
      await clock.waitForSleepers(2, timeout: .milliseconds(10))
    }

    #expect(
      issues == [
        RecordedIssue(
          message: "Expected 2 tasks asleep on the test clock, but 1 is after 10 ms.",
          fileID: "ConduitTestingTests/TestClockTests.swift", line: line)
      ])
    sleeper.cancel()
  }

  @MainActor
  @Test func runGivesUpOnAnEndlessTimerWithAFailure() async {
    let clock = TestClock()
    let start = clock.now
    let timer = trackedTask {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers(1)
    let line = #line + 2
    let issues = await recordedIssues {
      await clock.run(maxWakeUps: 5)
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            TestClock.run() gave up after waking tasks 5 times: 1 task still sleeping. A task \
            that sleeps in a loop never lets it end; advance such timers with advance(by:).
            """,
          fileID: "ConduitTestingTests/TestClockTests.swift", line: line)
      ])
    #expect(start.duration(to: clock.now) == .seconds(5))
    timer.cancel()
  }
}

import Conduit
import Testing

@testable import ConduitTesting

/// The actions effects send are reduced as they arrive, as in the app's store, and every wait
/// has a deadline.
@MainActor
@Suite struct TestStoreEffectTests {
  static let file = "ConduitTestingTests/TestStoreEffectTests.swift"

  @Test func aTimerCancelledOnItsThirdTickTicksThreeTimesOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))

    await store.send(.start)
    await clock.advance(by: .seconds(10))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.receive(.done) { $0.isDone = true }
    // Exhaustive: a fourth tick, or a timer still running, would fail here.
    await store.finish()

    #expect(clock.sleeperCount == 0)
  }

  @Test func aTimerCancelledOnItsThirdTickTicksThreeTimesOnAnImmediateClock() async {
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: ImmediateClock()))

    await store.send(.start)
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.receive(.done) { $0.isDone = true }
    await store.finish()
  }

  @Test func receiveAssertsTheStateRightAfterTheActionNotTheLatest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    await store.send(.start)
    await clock.advance(by: .seconds(2))

    // Both ticks are reduced already; each receive sees the state its own tick produced.
    await store.receive(.tick) { $0.ticks = 1 }
    #expect(store.state.ticks == 1)
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop)
    await store.finish()
  }

  @Test func anEffectsActionRunsTheReducerBeforeTheTestReceivesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    await store.send(.start)

    await clock.advance(by: .seconds(3))

    // The third tick cancelled the timer during the advance, so nothing sleeps on the clock
    // although no receive has run yet.
    #expect(clock.sleeperCount == 0)
    await store.skipReceivedActions()
    #expect(store.state == Ticker.State(ticks: 3, isDone: true))
  }

  @Test func nonExhaustiveReceiveOfAnActionThatNeverComesFailsWithinItsTimeout() async {
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: ImmediateClock()))
    store.exhaustivity = .off
    store.timeout = .milliseconds(100)
    await store.send(.flood)
    let start = ContinuousClock.now
    let line = #line + 1
    let issues = await recordedIssues { await store.receive(.done) }
    let elapsed = ContinuousClock.now - start

    #expect(issues.count == 1)
    #expect(issues.first?.line == line)
    #expect(
      issues.first?.message.hasPrefix(
        "Expected to receive .done, but no action arrived within 100 ms. Still running:") == true)
    #expect(issues.first?.message.contains("\nSkipped ") == true)
    // It used to spin forever, reducing the flood.
    #expect(elapsed < .seconds(10))
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func finishHasADeadlineWhileAnEffectKeepsSending() async {
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: ImmediateClock()))
    store.timeout = .milliseconds(50)
    await store.send(.flood)
    let start = ContinuousClock.now
    let issues = await recordedIssues { await store.finish() }

    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(issues.count == 2)
    let received = issues.first?.message.split(separator: "\n") ?? []
    // Thousands of ticks, named ten at a time.
    #expect(received.first?.hasSuffix("received actions not asserted:") == true)
    #expect(received.count == maxListedItems + 2)
    #expect(received.last?.hasPrefix("  … and ") == true)
    #expect(issues.last?.message.hasPrefix("1 effect still running after 50 ms:") == true)
  }

  @Test func theMessageForAnEffectAsleepOnATestClockNamesItAndTheTime() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    await store.send(.start)
    await clock.advance(by: .milliseconds(1_500))
    await store.receive(.tick) { $0.ticks = 1 }
    let line = #line + 1
    let issues = await recordedIssues { await store.finish(timeout: .milliseconds(10)) }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            1 effect still running after 10 ms:
              the effect at ConduitTestingTests/Fixtures.swift:\(Ticker.timerEffectLine), started by send(.start) at \
            \(Self.file):\(line - 4), asleep on a TestClock waiting for advance (it wakes at \
            2 seconds; the clock is at 1500 ms)
            """,
          fileID: Self.file, line: line)
      ])
  }
}

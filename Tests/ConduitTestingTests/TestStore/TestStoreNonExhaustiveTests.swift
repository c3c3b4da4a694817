import Conduit
import Testing

@testable import ConduitTesting

/// `withExhaustivity`, skipped assertions, `skipReceivedActions`, `skipInFlightEffects` and
/// `assert`.
@MainActor
@Suite struct TestStoreNonExhaustiveTests {
  static let file = "ConduitTestingTests/TestStoreNonExhaustiveTests.swift"

  @Test func offIsOffWithoutShowingSkippedAssertions() {
    #expect(Exhaustivity.off == .off(showSkippedAssertions: false))
    #expect(Exhaustivity.off != .off(showSkippedAssertions: true))
    #expect(Exhaustivity.off != .on)
  }

  @Test func withExhaustivityAppliesOnlyInsideItsBlock() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      // Not exhaustive here: the label is not asserted.
      await store.send(.incrementAndLabel("on")) { $0.count = 1 }
    }

    #expect(store.exhaustivity == .on)
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementAndLabel("off")) { $0.count = 2 }
    }
    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.incrementAndLabel("off")) differs from the expected state:
              label: expected "on", got "off"
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func withExhaustivityRestoresItAfterASynchronousBlock() {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off

    let inside = store.withExhaustivity(.on) { store.exhaustivity }

    #expect(inside == .on)
    #expect(store.exhaustivity == .off)
  }

  @Test func showSkippedAssertionsReportsTheChangesAClosureLeftOut() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off(showSkippedAssertions: true)
    let line = #line + 2
    let skips = await recordedSkips {
      await store.send(.incrementAndLabel("on")) { $0.label = "on" }
    }

    #expect(
      skips == [
        RecordedIssue(
          message: """
            State changes after send(.incrementAndLabel("on")) that the test did not assert:
              count: 0 → 1
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func showSkippedAssertionsReportsSkippedActionsAndCancelledEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
    store.exhaustivity = .off(showSkippedAssertions: true)
    let receiveLine = #line + 4
    let finishLine = #line + 5
    let skips = await recordedSkips {
      await store.send(.echoEach(["a", "b", "c"]))
      await store.receive(.logged("c")) { $0.events = ["a", "b", "c"] }
      await store.send(.startTimer)
      await store.finish(timeout: .milliseconds(10))
    }

    #expect(
      skips.map(\.line) == [receiveLine, finishLine])
    #expect(
      skips.first?.message == """
        Skipped 2 received actions:
          .logged("a")
          .logged("b")
        """)
    #expect(skips.last?.message.hasPrefix("1 effect still running, cancelled:\n") == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func offWithoutShowingSkippedAssertionsReportsNothing() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    let skips = await recordedSkips {
      await store.send(.echoEach(["a", "b"]))
      await store.receive(.logged("b")) { $0.events = ["a", "b"] }
      await store.send(.incrementAndLabel("x")) { $0.count = 1 }
    }

    #expect(skips == [])
  }

  @Test func skipReceivedActionsMovesPastThemWithoutAFailure() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.echoEach(["a", "b"]))
    await store.skipReceivedActions()

    #expect(store.state.events == ["a", "b"])
    // Exhaustive, and nothing is left over.
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func skipReceivedActionsFailsWhenThereIsNothingToSkip() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 1
    let issues = await recordedIssues { await store.skipReceivedActions() }

    #expect(
      issues == [
        RecordedIssue(
          message: "There were no received actions to skip.", fileID: Self.file, line: line)
      ])
    await store.skipReceivedActions(strict: false)
  }

  @Test func skipInFlightEffectsCancelsThemSoFinishPasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
    await store.send(.startTimer)
    await store.send(.listen)

    await store.skipInFlightEffects()

    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func skipInFlightEffectsKeepsTheActionsTheySentToReceive() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))

    await store.skipInFlightEffects()

    await store.receive(.logged("tick")) { $0.events = ["tick"] }
    await store.finish()
  }

  @Test func skipInFlightEffectsFailsWhenNoneIsRunning() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 1
    let issues = await recordedIssues { await store.skipInFlightEffects() }

    #expect(
      issues == [
        RecordedIssue(
          message: "There were no in-flight effects to skip.", fileID: Self.file, line: line)
      ])
  }

  @Test func assertWhenOffSeesTheStateAfterEveryActionReceived() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    await store.send(.echoEach(["a", "b"]))
    await store.finish()

    store.assert { $0.events = ["a", "b"] }

    let line = #line + 1
    let issues = await recordedIssues { store.assert { $0.events = ["a"] } }
    #expect(
      issues == [
        RecordedIssue(
          message: """
            The state differs from the expected state:
              events[1]: unexpected element "b"
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func assertWhenOffSkipsActionsNotYetReceived() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    await store.send(.echo("a"))

    // `.logged("a")` was reduced when it arrived; the assertion sees it without a receive.
    store.assert { $0.events = ["a"] }
    #expect(store.state.events == ["a"])
  }

  @Test func assertWhenExhaustiveFailsOnAnyChange() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    await store.send(.increment) { $0.count = 1 }

    store.assert { $0.count = 1 }
    let line = #line + 1
    let issues = await recordedIssues { store.assert { $0.count = 2 } }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            The state differs from the expected state:
              count: expected 2, got 1
            """,
          fileID: Self.file, line: line)
      ])
  }
}

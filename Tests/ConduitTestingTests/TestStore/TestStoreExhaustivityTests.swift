import Conduit
import Testing

@testable import ConduitTesting

@MainActor
@Suite struct TestStoreExhaustivityTests {
  static let file = "ConduitTestingTests/TestStoreExhaustivityTests.swift"

  @Test func finishPassesWhenEverythingWasAsserted() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))

    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.logged("tick")) { $0.events = ["tick"] }
    await store.receive(.logged("tick")) { $0.events = ["tick", "tick"] }
    await store.send(.stop)
    await store.finish()

    #expect(store.state.events == ["tick", "tick"])
  }

  @Test func finishFailsNamingActionsNotAsserted() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    await store.send(.echoEach(["a", "b"]))
    let line = #line + 1
    let issues = await recordedIssues { await store.finish() }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            2 received actions not asserted:
              .logged("a")
              .logged("b")
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func finishFailsNamingEffectsStillRunning() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let sendLine = #line + 1
    await store.send(.listen)
    let line = #line + 1
    let issues = await recordedIssues { await store.finish(timeout: .milliseconds(20)) }

    #expect(issues.count == 1)
    #expect(issues.first?.line == line)
    #expect(issues.first?.message.hasPrefix("1 effect still running after 20 ms:\n") == true)
    #expect(
      issues.first?.message.hasSuffix(
        "started by send(.listen) at \(Self.file):\(sendLine)") == true)
  }

  @Test func finishCancelsTheEffectsItReports() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
    await store.send(.startTimer)
    #expect(clock.sleeperCount == 1)

    let issues = await recordedIssues { await store.finish(timeout: .milliseconds(1)) }

    #expect(issues.count == 1)
    #expect(clock.sleeperCount == 0)
  }

  @Test func freeingTheStoreFailsAtTheLineThatCreatedIt() async {
    let clock = TestClock()
    let line = #line + 2
    let issues = await recordedIssues {
      let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
      await store.send(.startTimer)
      await store.send(.echo("a"))
    }

    #expect(issues.map(\.line) == [line, line])
    #expect(
      issues.map(\.message)
        == [
          "1 received action not asserted:\n  .logged(\"a\")",
          """
          1 effect still running when the test store was freed:
            the effect at ConduitTestingTests/Fixtures.swift:\(Probe.timerEffectLine), \
          started by send(.startTimer) at \(Self.file):\(line + 1), asleep on a TestClock \
          waiting for advance (it wakes at 1 second; the clock is at 0 seconds)
          """,
        ])
  }

  @Test func freeingAStoreThatFinishedIsQuiet() async {
    var events: [String] = []
    do {
      let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
      await store.send(.echo("a"))
      await store.receive(.logged("a")) { $0.events = ["a"] }
      await store.finish()
      events = store.state.events
    }
    #expect(events == ["a"])
  }

  // MARK: - Exhaustivity off

  @Test func offLetsAClosureAssertSomeFields() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off

    await store.send(.incrementAndLabel("on")) { $0.label = "on" }
    await store.send(.incrementAndLabel("off")) { $0.count += 1 }

    #expect(store.state == Probe.State(count: 2, label: "off"))
  }

  @Test func offStillFailsOnAFieldTheClosureGotWrong() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementAndLabel("on")) { $0.label = "of" }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.incrementAndLabel("on")) differs from the expected state:
              label: expected "of", got "on"
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func offFailsWhenAFieldSetToItsOldValueChanged() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementAndLabel("on")) { $0.label = "" }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.incrementAndLabel("on")) differs from the expected state:
              label: expected "", got "on"
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func offReceiveSkipsEarlierActionsButKeepsTheirChanges() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off

    await store.send(.echoEach(["a", "b", "c"]))
    await store.receive(.logged("c")) { $0.events = ["a", "b", "c"] }

    #expect(store.state.events == ["a", "b", "c"])
  }

  @Test func offReceiveFailsNamingWhatItSkipped() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.exhaustivity = .off
    await store.send(.echoEach(["a", "b"]))
    let line = #line + 1
    let issues = await recordedIssues { await store.receive(.logged("z")) }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            Expected to receive .logged("z"), but no action arrived and no effect is running.
            Skipped 2 actions: .logged("a"), .logged("b")
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func offFinishReducesWhatArrivesAndIgnoresWhatIsLeft() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
    store.exhaustivity = .off

    await store.send(.echoEach(["a", "b"]))
    await store.send(.startTimer)
    await store.finish(timeout: .milliseconds(10))

    #expect(store.state.events == ["a", "b"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func offFreeingTheStoreIsQuiet() async {
    let clock = TestClock()
    do {
      let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
      store.exhaustivity = .off
      await store.send(.echo("a"))
      await store.send(.startTimer)
      #expect(clock.sleeperCount == 1)
    }
    // Freeing the store cancelled the timer, without a failure.
    #expect(clock.sleeperCount == 0)
  }
}

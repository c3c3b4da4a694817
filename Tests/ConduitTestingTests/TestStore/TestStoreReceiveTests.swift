import Conduit
import Testing

@testable import ConduitTesting

@MainActor
@Suite struct TestStoreReceiveTests {
  static let file = "ConduitTestingTests/TestStoreReceiveTests.swift"

  @Test func debouncedSearchPassesWithATestClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))

    await store.send(.queryChanged("b")) { $0.query = "b" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("break")) { $0.query = "break" }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("breaking")) { $0.query = "breaking" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded([.init(title: "Breaking Bad")])) {
      $0.results = [.init(title: "Breaking Bad")]
    }
    await store.finish()

    #expect(clock.now == TestClock().now.advanced(by: .milliseconds(799)))
  }

  @Test func receiveWaitsForAnActionFromAnEffectStillRunning() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.echoLater("later"))
    await store.receive(.logged("later")) { $0.events = ["later"] }
    await store.finish()
  }

  @Test func receiveTakesActionsInTheOrderTheyWereSent() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.echo("a"))
    await store.receive(.logged("a")) { $0.events = ["a"] }
    await store.send(.echoEach(["b", "c"]))
    await store.receive(.logged("b")) { $0.events = ["a", "b"] }
    await store.receive(.logged("c")) { $0.events = ["a", "b", "c"] }
    await store.finish()
  }

  @Test func receiveWhereAcceptsAMatchingAction() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.echo("a"))
    await store.receive(where: { if case .logged = $0 { true } else { false } }) {
      $0.events = ["a"]
    }
  }

  @Test func receiveFailsNamingTheActionThatArrivedInstead() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    await store.send(.echo("a"))
    let line = #line + 1
    let issues = await recordedIssues { await store.receive(.logged("b")) }

    #expect(
      issues == [
        RecordedIssue(
          message: #"Expected to receive .logged("b"), but received .logged("a")."#,
          fileID: Self.file, line: line)
      ])
    #expect(store.state.events == ["a"])
  }

  @Test func receiveWhereFailsNamingTheActionThatArrivedInstead() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    await store.send(.echo("a"))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(where: { $0 == .increment })
    }

    #expect(
      issues == [
        RecordedIssue(
          message:
            #"Expected to receive an action matching the predicate, but received .logged("a")."#,
          fileID: Self.file, line: line)
      ])
  }

  @Test func receiveFailsAtOnceWhenNoEffectIsRunning() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.timeout = .seconds(60)
    await store.send(.fireAndForget)
    let line = #line + 2
    let start = ContinuousClock.now
    let issues = await recordedIssues { await store.receive(.increment) }

    #expect(
      issues == [
        RecordedIssue(
          message:
            "Expected to receive .increment, but no action arrived and no effect is running.",
          fileID: Self.file, line: line)
      ])
    // Nothing could arrive, so it does not sit out the minute.
    #expect(ContinuousClock.now - start < .seconds(30))
  }

  @Test func receiveFailsAfterItsTimeoutNamingAnEffectAsleepOnTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))
    let sendLine = #line + 1
    await store.send(.queryChanged("lost")) { $0.query = "lost" }
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.resultsLoaded([]), timeout: .milliseconds(20))
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            Expected to receive .resultsLoaded([]), but no action arrived within 20 ms. \
            Still running:
              the effect at ConduitTestingTests/Fixtures.swift:\(SearchFeature.searchEffectLine), \
            started by send(.queryChanged("lost")) at \(Self.file):\(sendLine), asleep on a \
            TestClock waiting for advance (it wakes at 300 ms; the clock is at 0 seconds)
            """,
          fileID: Self.file, line: line)
      ])
    await store.send(.queryChanged("")) { $0.query = "" }
    await store.finish()
  }

  @Test func theStoreTimeoutAppliesWhenACallGivesNone() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    store.timeout = .milliseconds(10)
    await store.send(.listen)
    let issues = await recordedIssues { await store.receive(.increment) }

    #expect(issues.map(\.message).first?.contains("no action arrived within 10 ms.") == true)
    await store.send(.stop)
  }

  @Test func receiveFailsWithTheFieldsThatDiffer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))
    await store.send(.queryChanged("break")) { $0.query = "break" }
    await clock.advance(by: .milliseconds(300))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.receive(.resultsLoaded([.init(title: "Breaking Bad")])) {
        $0.results = [.init(title: "Breaking")]
      }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after receive(.resultsLoaded([SearchFeature.Show(title: "Breaking Bad")])) \
            differs from the expected state:
              results[0].title: expected "Breaking", got "Breaking Bad"
            """,
          fileID: Self.file, line: line)
      ])
    await store.finish()
  }
}

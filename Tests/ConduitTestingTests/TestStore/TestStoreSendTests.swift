import Conduit
import Testing

@testable import ConduitTesting

@MainActor
@Suite struct TestStoreSendTests {
  struct Boom: Error {}

  @Test func sendPassesWhenTheClosureDescribesTheChange() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.increment) { $0.count = 1 }
    await store.send(.setLabel("on")) { $0.label = "on" }

    #expect(store.state == Probe.State(count: 1, label: "on"))
  }

  @Test func sendWithoutAClosurePassesWhenNothingChanges() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))

    await store.send(.stop)

    #expect(store.state == Probe.State())
  }

  @Test func sendFailsWithTheFieldsThatDifferAtTheCallersLine() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.incrementAndLabel("on")) { $0.count = 2 }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.incrementAndLabel("on")) differs from the expected state:
              count: expected 2, got 1
              label: expected "", got "on"
            """,
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
  }

  @Test func sendFailsWhenTheStateChangesWithoutAClosure() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 1
    let issues = await recordedIssues { await store.send(.increment) }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.increment) differs from the expected state:
              count: expected 0, got 1
            """,
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
  }

  @Test func sendNamesAFieldOfAnElementByItsIndex() async {
    let store = TestStore(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.resultsLoaded([.init(title: "Breaking")])) {
        $0.results = [.init(title: "Breaking Bad")]
      }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.resultsLoaded([SearchFeature.Show(title: "Breaking")])) differs \
            from the expected state:
              results[0].title: expected "Breaking Bad", got "Breaking"
            """,
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
  }

  @Test func sendFailsWhenTheAssertClosureThrows() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.increment) { _ in throw Boom() }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: "The assert closure of send(.increment) threw Boom().",
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
    #expect(store.state.count == 1)
  }

  @Test func sendFailsWhileReceivedActionsWaitAndReducesThemFirst() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    await store.send(.echo("a"))
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.increment) { $0.count = 1 }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            Must receive 1 action before send(.increment):
              .logged("a")
            """,
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
    #expect(store.state == Probe.State(count: 1, events: ["a"]))
  }

  @Test func sendReturnsATaskForTheEffectsItStarted() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))

    let task = await store.send(.startTimer)
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()

    await store.finish()
  }

  @Test func aWrongRowFieldInAFiftyRowIdentifiedArrayNamesOnlyThatRowAndField() async {
    let rows = IdentifiedArray(uniqueElements: (1...50).map { Parent.Child.State(id: $0) })
    let store = TestStore(initialState: Parent.State(rows: rows), reducer: Parent())
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.rows(.element(id: 17, action: .tapped))) { $0.rows[id: 17]?.taps = 2 }
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            State after send(.rows(.element(id: 17, action: .tapped))) differs from the \
            expected state:
              rows[id: 17].taps: expected 2, got 1
            """,
          fileID: "ConduitTestingTests/TestStoreSendTests.swift", line: line)
      ])
  }
}

import Conduit
import Testing

@testable import ConduitTesting

/// Inside a test store, a runtime warning of any kind is a test failure at the line that sent
/// the action.
@MainActor
@Suite struct TestStoreWarningTests {
  static let file = "ConduitTestingTests/TestStoreWarningTests.swift"
  static let fixtures = "ConduitTestingTests/Fixtures.swift"

  @Test func anActionForAMissingIfLetChildFailsAtTheLineThatSentIt() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    let line = #line + 1
    let issues = await recordedIssues { await store.send(.detail(.tapped)) }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            Runtime warning at \(Self.fixtures):\(Parent.ifLetLine): An "ifLet" received a \
            child action while its state was nil: tapped. It was ignored. This usually means \
            an effect sent an action after the child was dismissed.
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func anActionForAMissingForEachRowFailsAtTheLineThatSentIt() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    let line = #line + 1
    let issues = await recordedIssues { await store.send(.rows(.element(id: 7, action: .tapped))) }

    #expect(issues.count == 1)
    #expect(issues.first?.line == line)
    #expect(
      issues.first?.message.hasPrefix(
        """
        Runtime warning at \(Self.fixtures):\(Parent.forEachLine): A "forEach" received an \
        action for an element that is not in the array (id: 7): tapped.
        """) == true)
  }

  @Test func aWarningRaisedByAnEffectsActionFailsAtTheSendThatStartedTheEffect() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.tapDetailLater)
      await store.receive(.detail(.tapped))
    }

    #expect(issues.map(\.line) == [line])
    #expect(issues.first?.message.contains(#"An "ifLet" received a child action"#) == true)
  }

  @Test func anEffectsUnhandledErrorFailsAtTheSendThatStartedIt() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent())
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.failLater)
      await store.finish()
    }

    #expect(
      issues == [
        RecordedIssue(
          message: """
            Runtime warning at \(Self.fixtures):\(Parent.failingEffectLine): An effect threw \
            Failure(), and it has no `catch:` handler. Handle errors inside the effect or pass \
            `catch:` to `Effect.run`.
            """,
          fileID: Self.file, line: line)
      ])
  }

  @Test func anActionForAChildThatIsThereRaisesNothing() async {
    let store = TestStore(
      initialState: Parent.State(detail: .init(id: 1), rows: [.init(id: 7)]), reducer: Parent())

    await store.send(.detail(.tapped)) { $0.detail?.taps = 1 }
    await store.send(.rows(.element(id: 7, action: .tapped))) { $0.rows[id: 7]?.taps = 1 }
  }
}

import Conduit
import Testing

@testable import ConduitTesting

/// A presented editor and a stack of screens, tested as users of the Composable Architecture
/// test them.
struct Editor: Reducer {
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case typed(String)
    case saveTapped
    case cancelTapped
    case waitForever
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let text):
      state.text = text
      return .none
    case .saveTapped:
      return .run { send in await send.dismiss() }
    case .cancelTapped:
      return .dismiss
    case .waitForever:
      return .run { _ in try await Task.sleep(for: .seconds(3_600)) }
    }
  }
}

struct Notes: Reducer {
  struct State: Equatable {
    @Presents var editor: Editor.State?
    @Presents var confirm: AlertState<Action.Confirm>?
    var path = StackState<Editor.State>()
    var saved: [String] = []
  }

  enum Action: Equatable, Sendable {
    case editor(PresentationAction<Editor.Action>)
    case confirm(PresentationAction<Confirm>)
    case path(StackActionOf<Editor>)
    case addTapped
    case deleteTapped
    case pushTapped

    enum Confirm: Equatable, Sendable {
      case delete
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.editor = Editor.State()
      case .deleteTapped:
        state.confirm = AlertState {
          TextState("Delete all?")
        } actions: {
          ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
        }
      case .pushTapped:
        state.path.append(Editor.State())
      case .editor(.dismiss):
        if let text = state.editor?.text, !text.isEmpty { state.saved.append(text) }
      case .confirm(.presented(.delete)):
        state.saved = []
      case .editor, .confirm, .path:
        break
      }
      return .none
    }
    .ifLet(\.$editor, action: Action.editor) { Editor() }
    .ifLet(\.$confirm, action: Action.confirm)
    .forEach(\.path, action: Action.path) { Editor() }
  }
}

@MainActor
@Suite struct TestStoreNavigationTests {
  @Test func aChildDismissingFromAnEffectIsReceivedAsTheParentsDismiss() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.addTapped) { $0.editor = Editor.State() }
    await store.send(.editor(.presented(.typed("milk")))) { $0.editor?.text = "milk" }
    await store.send(.editor(.presented(.saveTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
      $0.saved = ["milk"]
    }
    await store.finish()
  }

  @Test func aChildDismissingFromItsReducerIsReceivedAsTheParentsDismiss() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.addTapped) { $0.editor = Editor.State() }
    await store.send(.editor(.presented(.cancelTapped)))
    await store.receive(.editor(.dismiss)) { $0.editor = nil }
    await store.finish()
  }

  @Test func dismissingCancelsTheChildsEffectsSoTheTestCanFinish() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.addTapped) { $0.editor = Editor.State() }
    await store.send(.editor(.presented(.waitForever)))
    await store.send(.editor(.dismiss)) { $0.editor = nil }
    await store.finish()
  }

  @Test func anAlertButtonReachesTheParentWithTheAlertAlreadyNil() async {
    let store = TestStore(
      initialState: Notes.State(saved: ["a", "b"]), reducer: Notes())
    await store.send(.deleteTapped) {
      $0.confirm = AlertState {
        TextState("Delete all?")
      } actions: {
        ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
      }
    }
    await store.send(.confirm(.presented(.delete))) {
      $0.confirm = nil
      $0.saved = []
    }
  }

  @Test func aScreenDismissingItselfIsReceivedAsPopFrom() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.pushTapped) { $0.path.append(Editor.State()) }
    await store.send(.pushTapped) { $0.path.append(Editor.State()) }
    await store.send(.path(.element(id: 1, action: .saveTapped)))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await store.finish()
  }

  @Test func poppingAScreenCancelsItsEffects() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    await store.send(.pushTapped) { $0.path.append(Editor.State()) }
    await store.send(.path(.element(id: 0, action: .waitForever)))
    await store.send(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
    await store.finish()
  }

  @Test func anActionForAMissingScreenFailsAtTheLineThatSentIt() async {
    let store = TestStore(initialState: Notes.State(), reducer: Notes())
    let line = #line + 2
    let issues = await recordedIssues {
      await store.send(.path(.element(id: 4, action: .typed("x"))))
    }
    #expect(issues.map(\.line) == [line])
    #expect(issues.first?.message.contains("a screen that is not on the stack (id: #4)") == true)
  }

  @Test func aDismissOutsideAPresentationFailsAtTheLineThatSentIt() async {
    let store = TestStore(
      initialState: Editor.State(),
      reducer: Reduce<Editor.State, Editor.Action> { _, _ in .dismiss })
    let line = #line + 1
    let issues = await recordedIssues { await store.send(.typed("x")) }
    #expect(issues.map(\.line) == [line])
    #expect(issues.first?.message.contains("`Effect.dismiss` outside a presentation") == true)
  }
}

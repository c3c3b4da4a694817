import Testing

@testable import Conduit

/// The feature of the "Binding Forms" article, as the article writes it.
private struct ShowNote: Reducer {
  struct State: Equatable {
    var text = ""
    var isPinned = false
    var savedText = ""
    var isDirty = false
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case saveTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
      .onChange(of: \.text) { _, text in
        Reduce { state, _ in
          state.isDirty = text != state.savedText
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.isPinned):
        state.isDirty = true
        return .none
      case .binding:
        return .none
      case .saveTapped:
        state.savedText = state.text
        state.isDirty = false
        return .none
      }
    }
  }
}

@MainActor
@Suite struct BindingFormsArticleTests {
  @Test func theArticlesFormBehavesAsItSays() {
    let store = Store(initialState: ShowNote.State(), reducer: ShowNote())

    store.send(.binding(.set(\.text, "Watch with Ada")))
    #expect(store.state == ShowNote.State(text: "Watch with Ada", isDirty: true))

    store.send(.saveTapped)
    #expect(store.state == ShowNote.State(text: "Watch with Ada", savedText: "Watch with Ada"))

    store.send(.set(\.text, "Watch with Ada"))
    #expect(!store.state.isDirty)

    store.send(.set(\.isPinned, true))
    #expect(store.state.isPinned && store.state.isDirty)
  }
}

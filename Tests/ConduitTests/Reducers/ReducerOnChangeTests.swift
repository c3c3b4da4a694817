import Testing

@testable import Conduit

@Suite struct ReducerOnChangeTests {
  /// `NoteForm` with an `onChange(of: \.text)` that records what it was given.
  struct Watched: Reducer {
    typealias State = NoteForm.State
    typealias Action = NoteForm.Action

    var body: some Reducer<State, Action> {
      NoteForm()
        .onChange(of: \.text) { old, new in
          Reduce { state, action in
            state.log.append("changed \(old) → \(new) on \(action == .saveTapped ? "save" : "set")")
            return .none
          }
        }
    }
  }

  private func reduce(
    _ actions: NoteForm.Action..., from state: NoteForm.State = NoteForm.State()
  ) -> NoteForm.State {
    var state = state
    for action in actions {
      _ = Watched().reduce(into: &state, action: action)
    }
    return state
  }

  @Test func runsAfterTheReducerWithOldAndNewValues() {
    let state = reduce(.set(\.text, "Ada"), .set(\.text, "Grace"))
    #expect(
      state.log == [
        "text is Ada", "changed  → Ada on set", "text is Grace", "changed Ada → Grace on set",
      ])
  }

  @Test func doesNotRunWhenTheValueIsSetToWhatItWas() {
    let state = reduce(.set(\.text, "Ada"), .set(\.text, "Ada"))
    #expect(state.log == ["text is Ada", "changed  → Ada on set", "text is Ada"])
  }

  @Test func doesNotRunWhenAnotherFieldChanges() {
    let state = reduce(.set(\.title, "Notes"), .set(\.isPinned, true), .saveTapped)
    #expect(state.log == ["another field", "pinned is true", "save"])
  }

  @Test func runsWithTheSameActionThatChangedTheValue() {
    struct SavesTrim: Reducer {
      typealias State = NoteForm.State
      typealias Action = NoteForm.Action
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if action == .saveTapped { state.text = "saved" }
          return .none
        }
        .onChange(of: \.text) { _, _ in
          Reduce { state, action in
            state.log.append(action == .saveTapped ? "saw save" : "saw another action")
            return .none
          }
        }
      }
    }
    var state = NoteForm.State()
    _ = SavesTrim().reduce(into: &state, action: .saveTapped)
    #expect(state.log == ["saw save"])
  }

  @MainActor
  @Test func effectsOfTheReducerAndOfTheOneThatFollowsBothRun() {
    struct Pinning: Reducer {
      typealias State = NoteForm.State
      typealias Action = NoteForm.Action
      var body: some Reducer<State, Action> {
        CombineReducers {
          BindingReducer()
          Reduce { _, action in
            guard case .binding = action else { return .none }
            return .send(.undo(.set(\.text, "")))
          }
        }
        .onChange(of: \.isPinned) { _, _ in
          Reduce { _, _ in .send(.saveTapped) }
        }
        Reduce { state, action in
          switch action {
          case .saveTapped: state.log.append("save")
          case .undo: state.log.append("undo")
          case .binding: break
          }
          return .none
        }
      }
    }
    let store = Store(initialState: NoteForm.State(), reducer: Pinning())
    store.send(.set(\.isPinned, true))
    #expect(store.state.log.sorted() == ["save", "undo"])
    store.send(.set(\.isPinned, true))
    #expect(store.state.log.sorted() == ["save", "undo", "undo"])
  }
}

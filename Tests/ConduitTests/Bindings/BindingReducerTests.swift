import Testing

@testable import Conduit

@Suite struct BindingReducerTests {
  private func reduce(_ actions: NoteForm.Action...) -> NoteForm.State {
    var state = NoteForm.State()
    for action in actions {
      _ = NoteForm().reduce(into: &state, action: action)
    }
    return state
  }

  @Test func setsTheFieldBeforeTheReducersAfterIt() {
    let state = reduce(.binding(.set(\.text, "Ada")))
    #expect(state.text == "Ada")
    #expect(state.log == ["text is Ada"])
  }

  @Test func setsNestedFields() {
    let state = reduce(.set(\.limits.maxLength, 140), .set(\.isPinned, true))
    #expect(state.limits.maxLength == 140)
    #expect(state.isPinned)
    #expect(state.log == ["another field", "pinned is true"])
  }

  @Test func leavesOtherActionsAlone() {
    let state = reduce(.saveTapped)
    #expect(state == NoteForm.State(log: ["save"]))
  }

  @Test func ignoresAnotherCaseWithTheSamePayloadType() {
    let state = reduce(.undo(.set(\.text, "Ada")))
    #expect(state.text == "")
    #expect(state.log == ["undo"])
  }

  @Test func returnsNoEffect() {
    var state = NoteForm.State()
    let effect = BindingReducer<NoteForm.State, NoteForm.Action>().reduce(
      into: &state, action: .set(\.text, "Ada"))
    #expect(effect.isNone)
    #expect(state.text == "Ada")
  }

  @MainActor
  @Test func storeStateHoldsTheSetValue() {
    let store = Store(initialState: NoteForm.State(), reducer: NoteForm())
    let text = store.observe(\.text)
    store.send(.set(\.text, "Watch with Ada"))
    #expect(store.state.text == "Watch with Ada")
    #expect(text.state == "Watch with Ada")
  }
}

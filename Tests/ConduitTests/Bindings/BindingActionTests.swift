import Testing

@_spi(Testing) @testable import Conduit

@Suite struct BindingActionTests {
  typealias Action = BindingAction<NoteForm.State>

  struct Wrapper<Value>: Equatable where Value: Equatable {
    var value: Value
  }

  @Test func actionsSettingOneFieldToEqualValuesAreEqual() {
    #expect(Action.set(\.text, "Ada") == .set(\.text, "Ada"))
  }

  @Test func actionsWithOtherValuesOrFieldsAreNotEqual() {
    #expect(Action.set(\.text, "Ada") != .set(\.text, "Grace"))
    // Same value type, another field.
    #expect(Action.set(\.text, "Ada") != .set(\.title, "Ada"))
    #expect(Action.set(\.isPinned, true) != .set(\.text, "true"))
  }

  @Test func keyPathsAreEqualHoweverTheyWereBuilt() {
    let limits: WritableKeyPath<NoteForm.State, NoteForm.Limits> = \.limits
    let appended = limits.appending(path: \NoteForm.Limits.maxLength)
    let action = Action.set(\.limits.maxLength, 10)
    #expect(action.keyPath == appended)
    #expect(appended ~= action)
  }

  @Test func patternMatchesTheFieldWhateverTheValue() {
    let action = Action.set(\.text, "Ada")
    #expect(\NoteForm.State.text ~= action)
    #expect(!(\NoteForm.State.title ~= action))
    #expect(!(\NoteForm.State.isPinned ~= action))
  }

  @Test func switchOverAnActionMatchesTheBindingCaseByField() {
    func field(of action: NoteForm.Action) -> String {
      switch action {
      case .binding(\.text): "text"
      case .binding(\.limits.maxLength): "maxLength"
      case .binding: "other"
      case .undo, .saveTapped: "not a binding"
      }
    }
    #expect(field(of: .binding(.set(\.text, "Ada"))) == "text")
    #expect(field(of: .binding(.set(\.limits.maxLength, 3))) == "maxLength")
    #expect(field(of: .binding(.set(\.title, "Ada"))) == "other")
    #expect(field(of: .saveTapped) == "not a binding")
  }

  @Test func bindableActionSetIsTheBindingCase() {
    #expect(NoteForm.Action.set(\.text, "Ada") == .binding(.set(\.text, "Ada")))
  }

  @Test func describedAsSwiftSpellsIt() {
    #expect(Action.set(\.text, "Ada").description == #".set(\.text, "Ada")"#)
    #expect(Action.set(\.limits.maxLength, 140).description == #".set(\.limits.maxLength, 140)"#)
    #expect(
      BindingAction<Wrapper<Wrapper<Int>>>.set(\.value.value, 1).description
        == #".set(\.value.value, 1)"#)
  }

  @Test func describedInsideAnActionAsSent() {
    #expect(
      StateDiff.describe(NoteForm.Action.binding(.set(\.isPinned, true)))
        == #".binding(.set(\.isPinned, true))"#)
  }

  @Test func diffOfTwoBindingActionsShowsBoth() {
    #expect(
      StateDiff(
        from: NoteForm.Action.binding(.set(\.text, "Ada")),
        to: NoteForm.Action.binding(.set(\.text, "Grace"))
      ).lines(.expectedActual) == [
        #"state(.binding): expected .set(\.text, "Ada"), got .set(\.text, "Grace")"#
      ])
  }

  @Test func isSendable() {
    let action: any Sendable = Action.set(\.text, "Ada")
    #expect(action is Action)
  }
}

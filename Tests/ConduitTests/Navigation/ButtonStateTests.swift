import Testing

@_spi(Testing) @testable import Conduit

@Suite struct ButtonStateTests {
  enum Action: Equatable, Hashable {
    case confirmDelete
    case archive
  }

  enum Parent: Equatable {
    case alert(Action)
  }

  @Test func actionInitializerKeepsLabelRoleAndAction() {
    let button = ButtonState(role: .destructive, action: Action.confirmDelete) {
      TextState("Delete")
    }
    #expect(button.label == "Delete")
    #expect(button.role == .destructive)
    #expect(button.action.action == .confirmDelete)
  }

  @Test func buttonWithoutActionSendsNothing() {
    let button = ButtonState<Action>(role: .cancel) { TextState("Cancel") }
    #expect(button.role == .cancel)
    #expect(button.action.action == nil)
    #expect(button.action == .send(nil))
  }

  @Test func sendSpellingEqualsTheActionSpelling() {
    let sent = ButtonState(action: .send(Action.archive)) { TextState("Archive") }
    let plain = ButtonState(action: Action.archive) { TextState("Archive") }
    #expect(sent == plain)
    #expect(sent.role == nil)
  }

  @Test func buttonsDifferingInAnyPartAreNotEqual() {
    let button = ButtonState(role: .destructive, action: Action.confirmDelete) {
      TextState("Delete")
    }
    var relabelled = button
    relabelled.label = "Remove"
    var unstyled = button
    unstyled.role = nil
    var other = button
    other.action = .send(.archive)
    #expect(button != relabelled)
    #expect(button != unstyled)
    #expect(button != other)
    #expect(Set([button, relabelled, unstyled, other, button]).count == 4)
  }

  @Test func mapEmbedsTheActionAndKeepsLabelAndRole() {
    let button = ButtonState(role: .destructive, action: Action.confirmDelete) {
      TextState("Delete")
    }
    let mapped = button.map { $0.map(Parent.alert) }
    #expect(mapped.action.action == .alert(.confirmDelete))
    #expect(mapped.label == "Delete")
    #expect(mapped.role == .destructive)
  }

  @Test func mapCanDropOrSupplyAnAction() {
    let cancel = ButtonState<Action>(role: .cancel) { TextState("Cancel") }
    let supplied = cancel.map { $0 ?? .archive }
    #expect(supplied.action.action == .archive)
    let dropped = supplied.map { _ in Action?.none }
    #expect(dropped.action.action == nil)
  }

  @Test func describedWithLabelRoleAndActionWithoutGenericArguments() {
    let button = ButtonState(role: .destructive, action: Action.confirmDelete) {
      TextState("Delete")
    }
    let cancel = ButtonState<Action>(role: .cancel) { TextState("Cancel") }
    #expect(
      StateDiff.describe(button)
        == #"ButtonState(label: "Delete", role: .destructive, action: .confirmDelete)"#)
    #expect(
      StateDiff.describe(cancel) == #"ButtonState(label: "Cancel", role: .cancel, action: nil)"#)
    #expect(StateDiff.describe(button.action) == "ButtonStateAction(action: .confirmDelete)")
  }
}

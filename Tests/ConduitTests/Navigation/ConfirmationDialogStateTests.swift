import Testing

@_spi(Testing) @testable import Conduit

@Suite struct ConfirmationDialogStateTests {
  enum Action: Equatable, Hashable {
    case confirmUnwatch
  }

  enum Parent: Equatable {
    case dialog(Action)
  }

  static func unwatchDialog(
    _ visibility: ConfirmationDialogStateTitleVisibility = .visible
  ) -> ConfirmationDialogState<Action> {
    ConfirmationDialogState(titleVisibility: visibility) {
      TextState("Un-watch The Undertow?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmUnwatch) { TextState("Un-watch") }
      ButtonState(role: .cancel) { TextState("Keep") }
    } message: {
      TextState("It leaves your history.")
    }
  }

  @Test func builderKeepsEveryPart() {
    let dialog = Self.unwatchDialog()
    #expect(dialog.title == "Un-watch The Undertow?")
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.message == "It leaves your history.")
    #expect(dialog.buttons.map(\.label) == ["Un-watch", "Keep"])
    #expect(dialog.buttons.map(\.action.action) == [.confirmUnwatch, nil])
  }

  @Test func titleVisibilityIsAutomaticByDefault() {
    let dialog = ConfirmationDialogState<Action> { TextState("Sort by") }
    #expect(dialog.titleVisibility == .automatic)
    #expect(dialog.buttons.isEmpty)
    #expect(dialog.message == nil)
  }

  @Test func equalityComparesTitleVisibilityToo() {
    #expect(Self.unwatchDialog() == Self.unwatchDialog())
    #expect(Self.unwatchDialog(.visible) != Self.unwatchDialog(.hidden))
    #expect(Set([Self.unwatchDialog(.visible), Self.unwatchDialog(.hidden)]).count == 2)
  }

  @Test func cancelButtonIsTheOneWithTheCancelRole() {
    #expect(Self.unwatchDialog().cancelButton?.label == "Keep")
    #expect(ConfirmationDialogState<Action> { TextState("Sort by") }.cancelButton == nil)
  }

  @Test func mapEmbedsActionsAndKeepsEverythingElse() {
    let mapped = Self.unwatchDialog(.hidden).map { $0.map(Parent.dialog) }
    #expect(mapped.buttons.map(\.action.action) == [.dialog(.confirmUnwatch), nil])
    #expect(mapped.titleVisibility == .hidden)
    #expect(mapped.title == "Un-watch The Undertow?")
    #expect(mapped.message == "It leaves your history.")
    #expect(mapped.buttons.map(\.role) == [.destructive, .cancel])
  }

  @Test func describedWithoutGenericArguments() {
    let dialog = ConfirmationDialogState<Action> { TextState("Sort by") }
    #expect(
      StateDiff.describe(dialog)
        == #"ConfirmationDialogState(title: "Sort by", titleVisibility: .automatic, message: nil, buttons: [])"#
    )
  }
}

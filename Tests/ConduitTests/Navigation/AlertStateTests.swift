import Testing

@_spi(Testing) @testable import Conduit

@Suite struct AlertStateTests {
  enum Action: Equatable, Hashable, Sendable {
    case confirmDelete
    case archive
  }

  enum Parent: Equatable {
    case alert(Action)
  }

  static func deleteAlert(message: TextState? = "It cannot be undone.") -> AlertState<Action> {
    AlertState {
      TextState("Delete Breakwater?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDelete) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      message ?? ""
    }
  }

  @Test func builderKeepsTitleMessageAndButtonsInOrder() {
    let alert = Self.deleteAlert()
    #expect(alert.title == "Delete Breakwater?")
    #expect(alert.message == "It cannot be undone.")
    #expect(alert.buttons.map(\.label) == ["Delete", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirmDelete, nil])
  }

  @Test func alertWithoutActionsOrMessageHasNeither() {
    let alert = AlertState<Action> { TextState("Saved") }
    #expect(alert.buttons.isEmpty)
    #expect(alert.message == nil)
  }

  @Test func alertsThatReadAndActTheSameAreEqual() {
    #expect(Self.deleteAlert() == Self.deleteAlert())
    #expect(Self.deleteAlert().hashValue == Self.deleteAlert().hashValue)
  }

  @Test func alertsDifferingInTitleMessageOrButtonsAreNotEqual() {
    let alert = Self.deleteAlert()
    var retitled = alert
    retitled.title = "Remove Breakwater?"
    var otherMessage = alert
    otherMessage.message = nil
    var fewerButtons = alert
    fewerButtons.buttons.removeLast()
    #expect(Set([alert, retitled, otherMessage, fewerButtons]).count == 4)
  }

  @Test func cancelButtonIsTheFirstWithTheCancelRole() {
    var alert = Self.deleteAlert()
    #expect(alert.cancelButton?.label == "Cancel")
    alert.buttons.append(ButtonState(role: .cancel) { TextState("Later") })
    #expect(alert.cancelButton?.label == "Cancel")
    alert.buttons.removeAll { $0.role == .cancel }
    #expect(alert.cancelButton == nil)
  }

  @Test func mapEmbedsEveryButtonsActionAndKeepsTheText() {
    let mapped: AlertState<Parent> = Self.deleteAlert().map { $0.map(Parent.alert) }
    #expect(mapped.title == "Delete Breakwater?")
    #expect(mapped.message == "It cannot be undone.")
    #expect(mapped.buttons.map(\.label) == ["Delete", "Cancel"])
    #expect(mapped.buttons.map(\.role) == [.destructive, .cancel])
    #expect(mapped.buttons.map(\.action.action) == [.alert(.confirmDelete), nil])
  }

  @Test func builderTakesConditionsLoopsAndArrays() {
    for isArchivable in [false, true] {
      let extra = [ButtonState<Action>(action: .archive) { TextState("More") }]
      let alert = AlertState<Action> {
        TextState("Options")
      } actions: {
        if isArchivable {
          ButtonState(action: .archive) { TextState("Archive") }
        }
        if isArchivable {
          ButtonState(action: .archive) { TextState("Yes") }
        } else {
          ButtonState(action: .confirmDelete) { TextState("No") }
        }
        for index in 1...2 {
          ButtonState(role: .cancel) { TextState("Cancel \(index)") }
        }
        extra
      }
      #expect(
        alert.buttons.map { String(state: $0.label) }
          == (isArchivable ? ["Archive", "Yes"] : ["No"]) + ["Cancel 1", "Cancel 2", "More"])
    }
  }

  @Test func describedTitleFirstWithoutGenericArguments() {
    #expect(
      StateDiff.describe(AlertState<Action> { TextState("Saved") })
        == #"AlertState(title: "Saved", message: nil, buttons: [])"#)
  }

  @Test func diffOfAlertsNamesTheFieldThatDiffers() {
    struct Screen: Equatable { var alert: AlertState<Action>? }
    let expected = Screen(alert: Self.deleteAlert())
    var actual = expected
    actual.alert?.buttons[0].action = .send(.archive)
    actual.alert?.message = "Gone for good."
    #expect(
      StateDiff(from: expected, to: actual).lines(.expectedActual) == [
        #"alert.message: expected "It cannot be undone.", got "Gone for good.""#,
        "alert.buttons[0].action: expected .confirmDelete, got .archive",
      ])
  }

  @Test func diffOfAMissingAlertDescribesIt() {
    struct Screen: Equatable { var alert: AlertState<Action>? }
    let alert = AlertState<Action> {
      TextState("Saved")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    }
    #expect(
      StateDiff(from: Screen(alert: nil), to: Screen(alert: alert)).lines(.expectedActual) == [
        #"alert: expected nil, got AlertState(title: "Saved", message: nil, buttons: [ButtonState(label: "OK", role: .cancel, action: nil)])"#
      ])
  }
}

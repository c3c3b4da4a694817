// The presentation symbols of the stand-in, used together as alert and dialog glue will use
// them, so that the stand-in itself is known to hang together.
import Conduit
import SwiftUI

struct AlertButtons<Action>: View {
  let buttons: [ButtonState<Action>]
  let send: @MainActor (Action?) -> Void

  var body: some View {
    ForEach(buttons.indices, id: \.self) { index in
      let button = buttons[index]
      Button(role: button.role.map(ButtonRole.init), action: { send(button.action.action) }) {
        Text(verbatim: String(state: button.label))
      }
    }
  }
}

extension ButtonRole {
  init(_ role: ButtonStateRole) {
    switch role {
    case .cancel: self = .cancel
    case .destructive: self = .destructive
    }
  }
}

struct Item: Identifiable {
  let id: Int
}

struct PresentingView: View {
  @Binding var isPresented: Bool
  @Binding var item: Item?
  let alert: AlertState<Int>?
  let dialog: ConfirmationDialogState<Int>?
  @Binding var path: [Int]

  var body: some View {
    NavigationStack(path: $path) {
      EmptyView()
        .navigationDestination(for: Int.self) { Text(verbatim: "\($0)") }
    }
    .sheet(item: $item, onDismiss: { item = nil }) { Text(verbatim: "\($0.id)") }
    .alert(
      Text(verbatim: alert.map { String(state: $0.title) } ?? ""), isPresented: $isPresented,
      presenting: alert,
      actions: { AlertButtons(buttons: $0.buttons, send: { _ in }) },
      message: { alert in
        if let message = alert.message { Text(verbatim: String(state: message)) }
      }
    )
    .confirmationDialog(
      "Title", isPresented: $isPresented, titleVisibility: .visible, presenting: dialog,
      actions: { AlertButtons(buttons: $0.buttons, send: { _ in }) },
      message: { _ in EmptyView() }
    )
  }
}

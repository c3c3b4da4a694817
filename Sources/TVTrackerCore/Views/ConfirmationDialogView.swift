import Conduit

/// A confirmation dialog, drawn from its ``ConfirmationDialogState``: the title, the message
/// and the buttons' labels.
///
/// The keys that choose a button are the app's: the full-screen mode takes Enter for the first
/// button that is not the cancel button and Esc for the cancel button, and line mode has
/// `confirm` and `cancel` (see ``TrackerApp/confirm()`` and ``TrackerApp/cancel()``).
struct ConfirmationDialogView<Action: Equatable>: TerminalView {
  typealias ViewModel = Store<ConfirmationDialogState<Action>, Action>

  let viewModel: ViewModel

  func render(_ dialog: ConfirmationDialogState<Action>) -> Rendering {
    var lines: [String] = []
    if dialog.titleVisibility != .hidden { lines.append(String(state: dialog.title)) }
    if let message = dialog.message { lines.append(String(state: message)) }
    lines.append(dialog.buttons.map { "[\(String(state: $0.label))]" }.joined(separator: "  "))
    return Rendering(header: lines)
  }
}

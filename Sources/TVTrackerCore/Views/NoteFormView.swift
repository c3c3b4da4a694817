import Conduit

/// The note form: its title, and the text field with a caret at its end.
///
/// Fed by the form's own store, so each key typed renders this view and no other.
struct NoteFormView: TerminalView {
  typealias ViewModel = Store<NoteForm.State, NoteForm.Action>

  let viewModel: ViewModel

  func render(_ form: NoteForm.State) -> Rendering {
    [
      "Note on \(form.showTitle) (\(form.text.count) of \(NoteForm.maximumLength) characters):",
      "  \(form.text)_",
    ]
  }
}

import Conduit

/// The form that edits a show's note: one text field, bound through ``BindingAction``.
///
/// The field is set with `.binding(.set(\.text, …))`, the way a SwiftUI `TextField` bound with
/// `store.binding(\.text)` sets it; `BindingReducer` applies it, and `onChange(of: \.text)` keeps
/// the note to one line of at most ``maximumLength`` characters whatever was typed or pasted.
/// The form dismisses itself, without knowing who presented it: Save from the reducer
/// (`.dismiss`), so that the dismissal comes right after the action, ahead of the save it
/// starts; Cancel from an effect (`send.dismiss()`), as a form that first asked a question
/// would. The screen that presented it reads the text when it sees `saveTapped`, before the
/// dismissal arrives.
struct NoteForm: Reducer {
  struct State: Equatable {
    /// The show the note is on, for the form's title.
    let showTitle: String
    var text: String
  }

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case saveTapped
    case cancelTapped
  }

  /// The longest note, in characters: it fits on the show's screen on one line.
  static let maximumLength = 100

  var body: some Reducer<State, Action> {
    BindingReducer()
      .onChange(of: \.text) { _, text in
        Reduce { state, _ in
          let line = String(
            text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.prefix(Self.maximumLength))
          if line != text { state.text = line }
          return .none
        }
      }
    Reduce { _, action in
      switch action {
      case .binding:
        return .none
      case .saveTapped:
        return .dismiss
      case .cancelTapped:
        return .run { send in await send.dismiss() }
      }
    }
  }
}

// Call sites of the navigation glue (Sources/Conduit/Navigation/View+Presentation.swift) and of
// `WithViewStore` (Sources/Conduit/Store/WithViewStore.swift), written as an app would.
import Conduit
import SwiftUI

struct Meetings: Reducer {
  struct State: Equatable {
    @Presents var editor: NoteForm.State?
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
    var title = "Meetings"
  }

  enum Action {
    case editor(PresentationAction<NoteForm.Action>)
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)

    enum Alert: Equatable, Sendable { case confirmDelete }
    enum Dialog: Equatable, Sendable { case archive }
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .ifLet(\.$editor, action: Action.editor) { NoteForm() }
      .ifLet(\.$alert, action: Action.alert)
      .ifLet(\.$dialog, action: Action.dialog)
  }
}

struct MeetingsView: View {
  let store: Store<Meetings.State, Meetings.Action>

  var body: some View {
    WithViewStore(store, observe: { $0.title.uppercased() }) { title in
      Text(title.state)
    }
    .sheet(item: store.binding(presenting: \.$editor, action: Meetings.Action.editor)) {
      presented in
      NoteFormView(store: presented.store)
    }
    .sheet(store: store.scope(state: \.$editor, action: Meetings.Action.editor)) { editor in
      NoteFormView(store: editor)
    }
    .alert(store: store.scope(state: \.$alert, action: Meetings.Action.alert))
    .confirmationDialog(store: store.scope(state: \.$dialog, action: Meetings.Action.dialog))
  }
}

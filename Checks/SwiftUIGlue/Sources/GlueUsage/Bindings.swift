// Call sites of the binding glue (Sources/Conduit/Bindings/Store+Binding.swift), written as an
// app would write them.
import Conduit
import SwiftUI

struct NoteForm: Reducer {
  struct State: Equatable {
    var text = ""
    var isPinned = false
    var tab = Tab.note
  }

  enum Tab: Hashable, Sendable { case note, history }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case tabSelected(Tab)
    case deleteTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      if case .tabSelected(let tab) = action { state.tab = tab }
      return .none
    }
  }
}

struct NoteFormView: View {
  let store: Store<NoteForm.State, NoteForm.Action>

  var body: some View {
    LabeledText(text: store.binding(\.text))
    LabeledToggle(isOn: store.binding(\.isPinned))
    TabPicker(selection: store.binding(\.tab, send: NoteForm.Action.tabSelected))
    Button(role: .destructive, action: { store.send(.deleteTapped) }) {
      Text("Delete")
    }
  }
}

/// Stands for `TextField`, which takes a `Binding<String>`.
struct LabeledText: View {
  @Binding var text: String
  var body: some View { Text(verbatim: text) }
}

/// Stands for `Toggle`, which takes a `Binding<Bool>`.
struct LabeledToggle: View {
  @Binding var isOn: Bool
  var body: some View { Text(isOn ? "on" : "off") }
}

/// Stands for `TabView(selection:)`.
struct TabPicker<Selection: Hashable>: View {
  @Binding var selection: Selection
  var body: some View { EmptyView() }
}

import Conduit

// MARK: - A form with bound fields, for bindings and `onChange`.

struct NoteForm: Reducer {
  struct State: Equatable {
    var text = ""
    var title = ""
    var isPinned = false
    var limits = Limits()
    /// What the reducer after `BindingReducer` saw, in order.
    var log: [String] = []
  }

  struct Limits: Equatable {
    var maxLength = 280
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    /// Shares the payload type of `binding`; `BindingReducer` must leave it alone.
    case undo(BindingAction<State>)
    case saveTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.text):
        state.log.append("text is \(state.text)")
      case .binding(\.isPinned):
        state.log.append("pinned is \(state.isPinned)")
      case .binding:
        state.log.append("another field")
      case .undo:
        state.log.append("undo")
      case .saveTapped:
        state.log.append("save")
      }
      return .none
    }
  }
}

import Conduit

/// The Activity tab: the watched history, shown as posters.
///
/// The history itself is app state (Profile and Search read it too); this feature owns only the
/// cursor the terminal moves over the posters. ``AppFeature`` keeps the cursor on a poster when
/// the history changes.
struct Activity: Reducer {
  struct State: Equatable {
    var selection = 0
  }

  enum Action: Equatable, Sendable {
    case selectionMoved(by: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .selectionMoved(let offset):
      state.selection = max(0, state.selection + offset)
      return .none
    }
  }
}

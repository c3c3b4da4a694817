import Conduit

/// The Profile tab: what was watched, and where it is saved.
///
/// The counts are computed from the app's history by ``ProfileConnector``; this feature owns
/// what only it shows: whether the history is being saved.
struct Profile: Reducer {
  struct State: Equatable {
    /// The history file as the user named it (or as it was resolved).
    var historyPath: String
    /// Why the history cannot be saved, or nil while saving works.
    var saveProblem: String?
  }

  enum Action: Equatable, Sendable {
    case saved
    case saveFailed(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saved:
      state.saveProblem = nil
    case .saveFailed(let problem):
      state.saveProblem = problem
    }
    return .none
  }
}

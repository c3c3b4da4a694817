import Conduit

/// The Profile tab: how much was watched, and whether it is saved.
struct ProfileView: TerminalView {
  struct State: Equatable {
    let watchedEpisodes: Int
    let watchedShows: Int
    /// The show with the most watched episodes, formatted; nil before anything is watched.
    let mostWatched: String?
    let historyPath: String
    let saveProblem: String?
  }

  /// The Profile tab sends nothing.
  enum Action: Equatable {}

  typealias ViewModel = Store<State, Action>

  let viewModel: ViewModel

  func render(_ state: State) -> Rendering {
    [
      "Episodes watched: \(state.watchedEpisodes)",
      "Shows watched:    \(state.watchedShows)",
      "Most watched:     \(state.mostWatched ?? "-")",
      "History file:     \(state.historyPath)",
      state.saveProblem.map { "Saving:           off, \($0)" } ?? "Saving:           on",
    ]
  }
}

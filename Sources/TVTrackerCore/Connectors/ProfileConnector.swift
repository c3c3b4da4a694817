import Conduit

/// Maps the app state to the Profile tab: counts of watched episodes and shows, and the show
/// watched most.
struct ProfileConnector: Connector, Hashable {
  func connect(state: AppFeature.State) -> ProfileView.State {
    var episodesByShow: [Int: Int] = [:]
    for ids in state.watchedHistory { episodesByShow[ids.show, default: 0] += 1 }
    // Most episodes wins; a tie goes to the show watched most recently.
    var mostWatched: (show: Int, count: Int)?
    for ids in state.watchedHistory {
      let count = episodesByShow[ids.show, default: 0]
      if count > mostWatched?.count ?? 0 { mostWatched = (ids.show, count) }
    }
    return ProfileView.State(
      watchedEpisodes: state.watchedHistory.count,
      watchedShows: episodesByShow.count,
      mostWatched: mostWatched.map { show, count in
        let title = state.showTitles[show] ?? "show \(show)"
        return "\(title) (\(count) episode\(count == 1 ? "" : "s"))"
      },
      historyPath: state.profile.historyPath,
      saveProblem: state.profile.saveProblem)
  }

  /// The Profile tab has no actions, so there is nothing to map.
  func connect(action: ProfileView.Action) -> AppFeature.Action {}
}

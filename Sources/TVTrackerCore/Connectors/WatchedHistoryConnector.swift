import Conduit

/// Maps the app state to the posters of the Activity tab, and its actions back.
///
/// The connector of `redux-connectors.txt`: all lookups and formatting happen here, in a value
/// tests call directly, so ``HistoryView`` only lays out lines.
struct WatchedHistoryConnector: Connector, Hashable {
  func connect(state: AppFeature.State) -> HistoryView.State {
    let posters = state.watchedHistory.compactMap { ids in
      let episode = state.episodes[ids]
      return HistoryView.State.Poster(
        ids: ids,
        imageURL: state.showImages[ids]?.tvPosters?.first?.url,
        title: episode?.title ?? "",
        subtitle: episode?.firstAired.map(ShortDate.string(from:)) ?? ""
      )
    }
    return HistoryView.State(
      posters: posters,
      selection: posters.isEmpty ? nil : min(state.activity.selection, posters.count - 1))
  }

  func connect(action: HistoryView.Action) -> AppFeature.Action {
    switch action {
    case .markAsWatched(let episode):
      .markAsWatched(episode: episode, watched: true)
    case .showOpened(let show):
      .showOpened(show)
    }
  }
}

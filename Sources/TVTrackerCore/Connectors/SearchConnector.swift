import Conduit

/// Maps the app state to the Search tab: the query, and the matches with their show names and
/// whether each was watched.
struct SearchConnector: Connector, Hashable {
  func connect(state: AppFeature.State) -> SearchView.State {
    let search = state.search
    let watched = Set(state.watchedHistory)
    let results = search.matches.map { ids in
      let episode = state.episodes[ids]
      return SearchView.State.Result(
        ids: ids,
        show: state.showTitles[ids.show] ?? "",
        title: episode?.title ?? "",
        subtitle: episode?.firstAired.map(ShortDate.string(from:)) ?? "",
        isWatched: watched.contains(ids))
    }
    let shows = state.showTitles.count
    let episodes = state.episodes.count
    return SearchView.State(
      query: search.query,
      isSearching: search.isSearching,
      results: results,
      totalMatches: search.totalMatches,
      selection: results.isEmpty ? nil : min(search.selection, results.count - 1),
      catalogSummary:
        "\(shows) show\(shows == 1 ? "" : "s") and \(episodes) episode\(episodes == 1 ? "" : "s")"
    )
  }

  func connect(action: SearchView.Action) -> AppFeature.Action {
    switch action {
    case .queryChanged(let query):
      .search(.queryChanged(query))
    case .markAsWatched(let episode):
      .markAsWatched(episode: episode, watched: true)
    case .showOpened(let show):
      .showOpened(show)
    }
  }
}

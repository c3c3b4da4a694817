import Conduit

/// The whole app: three tabs, each a feature joined with `Scope`, around the state they share.
///
/// The shared state is the seed's `AppState`: the catalog's `episodes` and `showImages`, and
/// the `watchedHistory`, most recent first. Marking an episode watched changes the history and
/// saves it through ``HistoryStorage`` in an effect.
struct AppFeature: Reducer {
  enum Tab: String, CaseIterable, Equatable, Sendable {
    case activity, search, profile

    var title: String {
      switch self {
      case .activity: "Activity"
      case .search: "Search"
      case .profile: "Profile"
      }
    }
  }

  struct State: Equatable {
    var selectedTab = Tab.activity
    var episodes: [Ids: Episode]
    var showImages: [Ids: ShowImages]
    var showTitles: [Int: String]
    var watchedHistory: [Ids]
    var activity = Activity.State()
    var search = Search.State()
    var profile: Profile.State

    init(
      catalog: Catalog, watchedHistory: [Ids] = [], historyPath: String = "",
      saveProblem: String? = nil
    ) {
      episodes = catalog.episodesByIds
      showImages = catalog.showImagesByIds
      showTitles = catalog.showsByID.mapValues(\.title)
      self.watchedHistory = watchedHistory
      profile = Profile.State(historyPath: historyPath, saveProblem: saveProblem)
    }
  }

  enum Action: Equatable, Sendable {
    case activity(Activity.Action)
    case search(Search.Action)
    case profile(Profile.Action)
    case tabSelected(Tab)
    case markAsWatched(episode: Ids, watched: Bool)
  }

  enum CancelID: Hashable, Sendable {
    case save
  }

  let catalog: Catalog
  let clock: any Clock<Duration>
  let storage: HistoryStorage

  var body: some Reducer<State, Action> {
    Scope(state: \.activity, action: Action.activity) { Activity() }
    Scope(state: \.search, action: Action.search) { Search(catalog: catalog, clock: clock) }
    Scope(state: \.profile, action: Action.profile) { Profile() }
    Reduce { state, action in
      defer {
        // The Activity feature cannot see the history; keep its cursor on a poster.
        let last = max(0, state.watchedHistory.count - 1)
        if state.activity.selection > last { state.activity.selection = last }
      }
      switch action {
      case .tabSelected(let tab):
        state.selectedTab = tab
        return .none
      case .markAsWatched(let episode, let watched):
        return markAsWatched(episode, watched: watched, in: &state)
      case .activity, .search, .profile:
        return .none
      }
    }
  }

  private func markAsWatched(
    _ episode: Ids, watched: Bool, in state: inout State
  ) -> Effect<Action> {
    var history = state.watchedHistory
    history.removeAll { $0 == episode }
    if watched { history.insert(episode, at: 0) }
    guard history != state.watchedHistory else { return .none }
    state.watchedHistory = history
    // The episode just watched is on top: put the cursor there.
    if watched { state.activity.selection = 0 }
    let storage = storage
    return .run { [history] send in
      try await storage.save(history)
      await send(.profile(.saved))
    } catch: { error, send in
      await send(.profile(.saveFailed(HistoryStorage.describe(error))))
    }
    // A newer history replaces an older one still waiting to be written.
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}

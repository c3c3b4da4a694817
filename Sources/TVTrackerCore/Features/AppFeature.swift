import Conduit

/// The whole app: three tabs, each a feature joined with `Scope`, around the state they share,
/// and a navigation stack of show screens above them.
///
/// The shared state is the seed's `AppState`: the catalog's `episodes` and `showImages`, and
/// the `watchedHistory`, most recent first; and the note on each show. Marking an episode
/// watched or unwatched, or saving a note, changes them and saves both through
/// ``HistoryStorage`` in an effect.
///
/// Opening a show pushes a ``ShowDetail`` on `path` (from Search or Activity) and starts its
/// loading; `forEach` runs the screens and cancels a popped screen's effects. The screens ask
/// for changes of the history through delegate actions, and the app writes the watched marks
/// into every screen's rows whenever the history changes. Selecting a tab pops every screen,
/// as tapping a tab does on iOS.
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
    /// Each show's note; a show without one has no key.
    var notes: [Int: String]
    /// The show screens pushed over the tabs, bottom first.
    var path = StackState<ShowDetail.State>()

    init(
      catalog: Catalog, watchedHistory: [Ids] = [], notes: [Int: String] = [:],
      historyPath: String = "", saveProblem: String? = nil
    ) {
      episodes = catalog.episodesByIds
      showImages = catalog.showImagesByIds
      showTitles = catalog.showsByID.mapValues(\.title)
      self.watchedHistory = watchedHistory
      self.notes = notes
      profile = Profile.State(historyPath: historyPath, saveProblem: saveProblem)
    }
  }

  enum Action: Equatable, Sendable {
    case activity(Activity.Action)
    case search(Search.Action)
    case profile(Profile.Action)
    case tabSelected(Tab)
    case markAsWatched(episode: Ids, watched: Bool)
    /// Pushes the screen of a show.
    case showOpened(Int)
    case path(StackActionOf<ShowDetail>)
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
        state.path.removeAll()
        return .none

      case .markAsWatched(let episode, let watched):
        return markAsWatched(episode, watched: watched, in: &state)

      case .showOpened(let show):
        guard let found = catalog.showsByID[show] else { return .none }
        state.path.append(
          ShowDetail.State(
            show: show, title: found.title, network: found.network,
            note: state.notes[show] ?? ""))
        return .send(.path(.element(id: state.path.ids.last!, action: .task)))

      case .path(.push(let id, _)):
        // However a screen got on the stack, it loads.
        return .send(.path(.element(id: id, action: .task)))

      case .path(.element(let id, .episodesLoaded)):
        markWatchedEpisodes(in: &state, screens: [id])
        return .none

      case .path(.element(_, .delegate(.setWatched(let episode, let watched)))):
        return markAsWatched(episode, watched: watched, in: &state)

      case .path(.element(let id, .delegate(.noteSaved(let note)))):
        guard let show = state.path[id: id]?.show, state.notes[show] ?? "" != note else {
          return .none
        }
        state.notes[show] = note.isEmpty ? nil : note
        for other in state.path.ids where other != id && state.path[id: other]?.show == show {
          state.path[id: other]?.note = note
        }
        return save(state)

      case .activity, .search, .profile, .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { ShowDetail(catalog: catalog, clock: clock) }
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
    markWatchedEpisodes(in: &state, screens: state.path.ids)
    return save(state)
  }

  /// Sets the watched mark of every episode row on the given screens from the history,
  /// touching only the rows whose mark changes, so only their stores are notified.
  private func markWatchedEpisodes(in state: inout State, screens: [StackElementID]) {
    let watched = Set(state.watchedHistory)
    for id in screens {
      guard let screen = state.path[id: id] else { continue }
      for row in screen.episodes where row.isWatched != watched.contains(row.ids) {
        state.path[id: id]?.episodes[id: row.ids]?.isWatched = watched.contains(row.ids)
      }
    }
  }

  /// Saves the history and the notes.
  private func save(_ state: State) -> Effect<Action> {
    let storage = storage
    let saved = SavedHistory(watched: state.watchedHistory, notes: state.notes)
    return .run { send in
      try await storage.save(saved)
      await send(.profile(.saved))
    } catch: { error, send in
      await send(.profile(.saveFailed(HistoryStorage.describe(error))))
    }
    // A newer history replaces an older one still waiting to be written.
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}

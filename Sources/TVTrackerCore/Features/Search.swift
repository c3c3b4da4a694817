import Conduit

/// The Search tab: typing filters the catalog.
///
/// Each change of the query starts a search that waits for `debounce` on the injected clock and
/// cancels the search before it, so fast typing runs one search, for the last query. Tests and
/// line mode pass a clock that does not wait.
struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    /// Every match of the last finished search: the terminal's list scrolls, so all of them
    /// can be reached.
    var matches: [Ids] = []
    var totalMatches = 0
    var isSearching = false
    var selection = 0
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case matchesLoaded(Catalog.Matches)
    case selectionMoved(by: Int)
  }

  enum CancelID: Hashable, Sendable {
    case search
  }

  let catalog: Catalog
  let clock: any Clock<Duration>
  var debounce = Duration.milliseconds(250)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      guard !query.allSatisfy(\.isWhitespace) else {
        state.matches = []
        state.totalMatches = 0
        state.isSearching = false
        state.selection = 0
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      let catalog = catalog
      let clock = clock
      let debounce = debounce
      return .run { send in
        try await clock.sleep(for: debounce)
        await send(.matchesLoaded(catalog.search(query, limit: .max)))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)

    case .matchesLoaded(let matches):
      state.matches = matches.episodes
      state.totalMatches = matches.total
      state.isSearching = false
      state.selection = 0
      return .none

    case .selectionMoved(let offset):
      state.selection = min(max(0, state.selection + offset), max(0, state.matches.count - 1))
      return .none
    }
  }
}

import Conduit

/// The Search tab: the query, and the episodes it finds.
struct SearchView: TerminalView {
  struct State: Equatable {
    let query: String
    let isSearching: Bool
    let results: [Result]
    let totalMatches: Int
    /// The result under the cursor; nil when there are none.
    let selection: Int?
    /// What there is to search, such as `13 shows and 43 episodes`.
    let catalogSummary: String

    struct Result: Hashable {
      let ids: Ids
      let show: String
      let title: String
      let subtitle: String
      let isWatched: Bool
    }
  }

  enum Action: Equatable {
    case queryChanged(String)
    case markAsWatched(episode: Ids)
    /// Opens the screen of a show, by its id.
    case showOpened(Int)
  }

  typealias ViewModel = Store<State, Action>

  let viewModel: ViewModel

  func render(_ state: State) -> Rendering {
    var header = [Layout.trimmingTrailingSpaces("Search: \(state.query)")]
    if state.query.allSatisfy(\.isWhitespace) {
      header.append("Type to search \(state.catalogSummary).")
      return Rendering(header: header)
    }
    if state.isSearching {
      header.append("Searching for \"\(state.query)\"...")
    } else if state.totalMatches == 0 {
      header.append("No episodes match \"\(state.query)\".")
    } else {
      let total = state.totalMatches
      let shown = state.results.count
      header.append(
        total == 1
          ? "1 episode matches \"\(state.query)\":"
          : shown < total
            ? "\(total) episodes match \"\(state.query)\"; the first \(shown):"
            : "\(total) episodes match \"\(state.query)\":")
    }
    let rows = state.results.enumerated().map { index, result in
      let cursor = index == state.selection ? Layout.cursor : " "
      let watched = result.isWatched ? "*" : " "
      return Layout.trimmingTrailingSpaces(
        "\(cursor)\(Layout.number(index + 1)) \(watched) \(Layout.pad(result.show, to: 17)) "
          + "\(Layout.pad(result.title, to: 24)) \(Layout.pad(result.ids.code, to: 7)) "
          + result.subtitle)
    }
    return Rendering(
      header: header, rows: rows, selection: state.selection,
      footer: state.results.contains(where: \.isWatched) ? ["(* watched)"] : [])
  }
}

import Conduit
import Foundation

/// The Activity tab: the watched history as posters, most recent first.
struct HistoryView: TerminalView {
  struct State: Equatable {
    let posters: [Poster]
    /// The poster under the cursor; nil when there are none.
    let selection: Int?

    struct Poster: Hashable {
      let ids: Ids
      let imageURL: URL?
      let title: String
      let subtitle: String
    }
  }

  enum Action: Equatable {
    case markAsWatched(episode: Ids)
    /// Opens the screen of a show, by its id.
    case showOpened(Int)
  }

  typealias ViewModel = Store<State, Action>

  let viewModel: ViewModel

  func render(_ state: State) -> Rendering {
    guard !state.posters.isEmpty else {
      return [
        "Nothing watched yet.",
        "Find an episode in Search and mark it watched.",
      ]
    }
    let count = state.posters.count
    let rows = state.posters.enumerated().map { index, poster in
      let cursor = index == state.selection ? Layout.cursor : " "
      let title = poster.title.isEmpty ? "(unknown episode)" : poster.title
      let image = poster.imageURL.map { "[\($0.lastPathComponent)]" } ?? "[no poster]"
      return Layout.trimmingTrailingSpaces(
        "\(cursor)\(Layout.number(index + 1)) \(Layout.pad(title, to: 24)) "
          + "\(Layout.pad(poster.ids.code, to: 7)) \(Layout.pad(poster.subtitle, to: 10)) \(image)")
    }
    return Rendering(
      header: ["Watched \(count) episode\(count == 1 ? "" : "s"), most recent first:"],
      rows: rows, selection: state.selection)
  }
}

import Conduit

/// The frame of a show's screen: its title, its note, and what its list holds.
///
/// The episodes are not part of it: each is an ``EpisodeRowView`` on its own row store, so
/// watching one renders that row and not this. Its view state is derived from the screen's
/// store with the fields it shows, so a note being typed or a row changing does not render it;
/// it renders when the note is saved, the episodes arrive or the cursor moves.
struct ShowDetailView: TerminalView {
  struct State: Equatable {
    let title: String
    let network: String
    let note: String
    let isLoading: Bool
    let episodeCount: Int
    /// The row under the cursor; nil when there are none.
    let selection: Int?

    init(_ screen: ShowDetail.State) {
      title = screen.title
      network = screen.network
      note = screen.note
      isLoading = screen.isLoading
      episodeCount = screen.episodes.count
      selection = screen.episodes.isEmpty ? nil : min(screen.selection, screen.episodes.count - 1)
    }
  }

  typealias ViewModel = Store<State, ShowDetail.Action>

  let viewModel: ViewModel

  /// The header lines; the rows are the episode rows' own lines, which ``ShowScreen`` puts
  /// under them with the cursor.
  func render(_ state: State) -> Rendering {
    let count = state.episodeCount
    return Rendering(header: [
      Layout.trimmingTrailingSpaces("\(state.title) (\(state.network))"),
      state.note.isEmpty ? "No note yet." : "Note: \(state.note)",
      state.isLoading
        ? "Loading episodes..."
        : count == 0
          ? "No episodes."
          : "\(count) episode\(count == 1 ? "" : "s") (* watched):",
    ])
  }
}

extension ShowDetail.State {
  /// The frame's view state, for `observe(\.detailView)`: a key path, so the derived store is
  /// the one cached for it, held for as long as it is read.
  var detailView: ShowDetailView.State { ShowDetailView.State(self) }
}

import Conduit

/// One episode row of a show's screen, on its own row store: `1. * The Undertow  S01E01 …`.
///
/// The cursor is not part of it (``ShowScreen`` draws it), so moving the cursor renders no
/// row, and marking an episode watched renders that row alone.
struct EpisodeRowView: TerminalView {
  typealias ViewModel = Store<EpisodeRow.State, EpisodeRow.Action>

  let viewModel: ViewModel

  func render(_ row: EpisodeRow.State) -> Rendering {
    let title = row.title.isEmpty ? "(untitled episode)" : row.title
    return [
      Layout.trimmingTrailingSpaces(
        "\(Layout.number(row.number)) \(row.isWatched ? "*" : " ") \(Layout.pad(title, to: 24)) "
          + "\(Layout.pad(row.ids.code, to: 7)) \(row.aired)")
    ]
  }
}

import Conduit

/// One episode on a show's screen: its place in the show, and whether it was watched.
///
/// Each row is its own row store (`scope(state: \.episodes, action: ShowDetail.Action.episodes)`),
/// so marking one episode watched updates that row's store and renders that row only. A row
/// has no logic of its own: its taps go to ``ShowDetail``, which asks the app to change the
/// history, and the app writes the mark back.
struct EpisodeRow: Reducer {
  struct State: Equatable, Identifiable {
    let ids: Ids
    /// The episode's place in the show's list, from 1.
    let number: Int
    let title: String
    /// The first-aired date, formatted; empty when unknown.
    let aired: String
    var isWatched = false

    var id: Ids { ids }
  }

  enum Action: Equatable, Sendable {
    case watchTapped
    case unwatchTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

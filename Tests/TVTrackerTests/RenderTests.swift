import Conduit
import Foundation
import Testing

@testable import TVTrackerCore

/// The views' `render` functions, called directly with hand-made view states; the stores the
/// views hold are previews that ignore every action.
@MainActor
@Suite struct RenderTests {
  private let poster = HistoryView.State.Poster(
    ids: .breakwater2, imageURL: URL(string: "https://images.example.com/posters/breakwater.jpg"),
    title: "Slack Tide", subtitle: "2019-03-21")

  private func historyView() -> HistoryView {
    HistoryView(
      viewModel: Store(
        initialState: HistoryView.State(posters: [], selection: nil), reducer: EmptyReducer()))
  }

  private func searchView() -> SearchView {
    SearchView(
      viewModel: Store(
        initialState: SearchView.State(
          query: "", isSearching: false, results: [], totalMatches: 0, selection: nil,
          catalogSummary: ""),
        reducer: EmptyReducer()))
  }

  @Test func tabBarBracketsTheSelectedTab() {
    let view = TabBarView(viewModel: Store(initialState: .activity, reducer: EmptyReducer()))
    #expect(view.render(.search) == [" 1 Activity   [2 Search]   3 Profile"])
  }

  @Test func historyListsPostersWithCursorCodeDateAndImage() {
    let unknown = HistoryView.State.Poster(
      ids: Ids(show: 9, season: 10, episode: 2), imageURL: nil, title: "", subtitle: "")
    let lines = historyView().render(.init(posters: [poster, unknown], selection: 1))
    #expect(
      lines == [
        "Watched 2 episodes, most recent first:",
        "  1. Slack Tide               S01E02  2019-03-21 [breakwater.jpg]",
        "› 2. (unknown episode)        S10E02             [no poster]",
      ])
  }

  @Test func emptyHistorySaysWhereToStart() {
    let lines = historyView().render(.init(posters: [], selection: nil))
    #expect(lines == ["Nothing watched yet.", "Find an episode in Search and mark it watched."])
  }

  @Test func historyCutsLongTitles() {
    let long = HistoryView.State.Poster(
      ids: .harbor1, imageURL: nil, title: String(repeating: "x", count: 30), subtitle: "")
    let lines = historyView().render(.init(posters: [long], selection: 0))
    #expect(
      lines[1] == "› 1. " + String(repeating: "x", count: 23) + "~ S01E01             [no poster]")
  }

  @Test func emptySearchInvitesTyping() {
    let state = SearchView.State(
      query: "", isSearching: false, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "2 shows and 5 episodes")
    #expect(searchView().render(state) == ["Search:", "Type to search 2 shows and 5 episodes."])
  }

  @Test func searchShowsProgressWhileSearching() {
    let state = SearchView.State(
      query: "fog", isSearching: true, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "")
    #expect(searchView().render(state) == ["Search: fog", "Searching for \"fog\"..."])
  }

  @Test func searchSaysWhenNothingMatches() {
    let state = SearchView.State(
      query: "zzz", isSearching: false, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "")
    #expect(searchView().render(state) == ["Search: zzz", "No episodes match \"zzz\"."])
  }

  @Test func searchListsResultsAndMarksWatchedOnes() {
    let results: [SearchView.State.Result] = [
      .init(
        ids: .breakwater1, show: "Breakwater", title: "The Undertow", subtitle: "2019-03-14",
        isWatched: true),
      .init(
        ids: .breakwater2, show: "Breakwater", title: "Slack Tide", subtitle: "2019-03-21",
        isWatched: false),
    ]
    let state = SearchView.State(
      query: "break", isSearching: false, results: results, totalMatches: 5, selection: 1,
      catalogSummary: "")
    #expect(
      searchView().render(state) == [
        "Search: break",
        "5 episodes match \"break\"; the first 2:",
        "  1. * Breakwater        The Undertow             S01E01  2019-03-14",
        "› 2.   Breakwater        Slack Tide               S01E02  2019-03-21",
        "(* watched)",
      ])
  }

  @Test func profileShowsCountsFileAndSaving() {
    let view = ProfileView(
      viewModel: Store(
        initialState: ProfileView.State(
          watchedEpisodes: 0, watchedShows: 0, mostWatched: nil, historyPath: "",
          saveProblem: nil),
        reducer: EmptyReducer()))
    let state = ProfileView.State(
      watchedEpisodes: 3, watchedShows: 2, mostWatched: "Breakwater (2 episodes)",
      historyPath: "h.json", saveProblem: "cannot write to /ro: Read-only file system")
    #expect(
      view.render(state) == [
        "Episodes watched: 3",
        "Shows watched:    2",
        "Most watched:     Breakwater (2 episodes)",
        "History file:     h.json",
        "Saving:           off, cannot write to /ro: Read-only file system",
      ])
  }
}

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
    let lines = historyView().render(.init(posters: [poster, unknown], selection: 1)).lines
    #expect(
      lines == [
        "Watched 2 episodes, most recent first:",
        "  1. Slack Tide               S01E02  2019-03-21 [breakwater.jpg]",
        "› 2. (unknown episode)        S10E02             [no poster]",
      ])
  }

  @Test func emptyHistorySaysWhereToStart() {
    let lines = historyView().render(.init(posters: [], selection: nil)).lines
    #expect(lines == ["Nothing watched yet.", "Find an episode in Search and mark it watched."])
  }

  @Test func historyCutsLongTitles() {
    let long = HistoryView.State.Poster(
      ids: .harbor1, imageURL: nil, title: String(repeating: "x", count: 30), subtitle: "")
    let lines = historyView().render(.init(posters: [long], selection: 0)).lines
    #expect(
      lines[1] == "› 1. " + String(repeating: "x", count: 23) + "~ S01E01             [no poster]")
  }

  @Test func emptySearchInvitesTyping() {
    let state = SearchView.State(
      query: "", isSearching: false, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "2 shows and 5 episodes")
    #expect(
      searchView().render(state).lines == ["Search:", "Type to search 2 shows and 5 episodes."])
  }

  @Test func searchShowsProgressWhileSearching() {
    let state = SearchView.State(
      query: "fog", isSearching: true, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "")
    #expect(searchView().render(state).lines == ["Search: fog", "Searching for \"fog\"..."])
  }

  @Test func searchSaysWhenNothingMatches() {
    let state = SearchView.State(
      query: "zzz", isSearching: false, results: [], totalMatches: 0, selection: nil,
      catalogSummary: "")
    #expect(searchView().render(state).lines == ["Search: zzz", "No episodes match \"zzz\"."])
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
      searchView().render(state).lines == [
        "Search: break",
        "5 episodes match \"break\"; the first 2:",
        "  1. * Breakwater        The Undertow             S01E01  2019-03-14",
        "› 2.   Breakwater        Slack Tide               S01E02  2019-03-21",
        "(* watched)",
      ])
  }

  @Test func theSearchListIsMarkedAsRowsBetweenTheQueryAndTheLegend() {
    let results: [SearchView.State.Result] = [
      .init(ids: .harbor1, show: "Harbor Lights", title: "Landfall", subtitle: "", isWatched: true),
      .init(
        ids: .harbor2, show: "Harbor Lights", title: "Fog Signal", subtitle: "", isWatched: false),
    ]
    let rendering = searchView().render(
      SearchView.State(
        query: "harbor", isSearching: false, results: results, totalMatches: 2, selection: 1,
        catalogSummary: ""))

    #expect(rendering.header == ["Search: harbor", "2 episodes match \"harbor\":"])
    #expect(rendering.rows.count == 2)
    #expect(rendering.selection == 1)
    #expect(rendering.footer == ["(* watched)"])
  }

  @Test func historyTitlesInWideCharactersAreCutAndPaddedByColumns() {
    let wide = HistoryView.State.Poster(
      ids: .harbor1, imageURL: nil, title: "東京の港の灯りと霧笛の夜の物語", subtitle: "2015-10-05")
    let short = HistoryView.State.Poster(
      ids: .harbor2, imageURL: nil, title: "霧笛 🌫️", subtitle: "2015-10-12")

    let rows = historyView().render(.init(posters: [wide, short], selection: 0)).rows

    // The code column starts at the same column on both rows, as it does for ASCII titles.
    #expect(rows[0] == "› 1. 東京の港の灯りと霧笛の~  S01E01  2015-10-05 [no poster]")
    #expect(
      rows[1] == "  2. 霧笛 🌫️" + String(repeating: " ", count: 18) + "S01E02  2015-10-12 [no poster]")
    #expect(rows.map { TextWidth.columns($0) } == [60, 60])
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

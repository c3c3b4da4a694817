import Foundation
import Testing

@testable import TVTrackerCore

@Suite struct WatchedHistoryConnectorTests {
  @Test func postersFollowTheHistoryWithImageTitleAndShortDate() {
    let state = AppFeature.State(catalog: .test, watchedHistory: [.harbor1, .breakwater2])
    let view = WatchedHistoryConnector().connect(state: state)
    #expect(
      view.posters == [
        .init(ids: .harbor1, imageURL: nil, title: "Landfall", subtitle: "2015-10-05"),
        .init(
          ids: .breakwater2,
          imageURL: URL(string: "https://images.example.com/posters/breakwater.jpg"),
          title: "Slack Tide", subtitle: "2019-03-21"),
      ])
    #expect(view.selection == 0)
  }

  @Test func episodesMissingFromTheCatalogGetEmptyTitleAndSubtitle() {
    let unknown = Ids(show: 99, season: 1, episode: 1)
    let view = WatchedHistoryConnector().connect(
      state: AppFeature.State(catalog: .test, watchedHistory: [unknown, .breakwater3]))
    #expect(view.posters.map(\.title) == ["", "Breaking Point"])
    #expect(view.posters.map(\.subtitle) == ["", ""])
  }

  @Test func emptyHistoryHasNoSelection() {
    let view = WatchedHistoryConnector().connect(state: AppFeature.State(catalog: .test))
    #expect(view == HistoryView.State(posters: [], selection: nil))
  }

  @Test func markAsWatchedBecomesTheAppActionWithWatchedTrue() {
    let action = WatchedHistoryConnector().connect(action: .markAsWatched(episode: .harbor2))
    #expect(action == .markAsWatched(episode: .harbor2, watched: true))
  }

  @Test func searchStateDoesNotChangeTheHistoryViewState() {
    var state = AppFeature.State(catalog: .test, watchedHistory: [.harbor1])
    let before = WatchedHistoryConnector().connect(state: state)
    state.search.query = "break"
    state.search.matches = [.breakwater1]
    state.selectedTab = .search
    #expect(WatchedHistoryConnector().connect(state: state) == before)
  }
}

@Suite struct SearchConnectorTests {
  @Test func resultsNameTheirShowAndSayWhetherTheyWereWatched() {
    var state = AppFeature.State(catalog: .test, watchedHistory: [.breakwater2])
    state.search.query = "break"
    state.search.matches = [.breakwater1, .breakwater2]
    state.search.totalMatches = 3
    let view = SearchConnector().connect(state: state)
    #expect(
      view.results == [
        .init(
          ids: .breakwater1, show: "Breakwater", title: "The Undertow", subtitle: "2019-03-14",
          isWatched: false),
        .init(
          ids: .breakwater2, show: "Breakwater", title: "Slack Tide", subtitle: "2019-03-21",
          isWatched: true),
      ])
    #expect(view.totalMatches == 3)
    #expect(view.catalogSummary == "2 shows and 5 episodes")
  }

  @Test func viewActionsBecomeSearchAndWatchActions() {
    #expect(
      SearchConnector().connect(action: .queryChanged("fog")) == .search(.queryChanged("fog")))
    #expect(
      SearchConnector().connect(action: .markAsWatched(episode: .harbor1))
        == .markAsWatched(episode: .harbor1, watched: true))
  }
}

@Suite struct ProfileConnectorTests {
  @Test func countsEpisodesAndDistinctShows() {
    let view = ProfileConnector().connect(
      state: AppFeature.State(
        catalog: .test, watchedHistory: [.breakwater1, .harbor1, .breakwater2]))
    #expect(view.watchedEpisodes == 3)
    #expect(view.watchedShows == 2)
    #expect(view.mostWatched == "Breakwater (2 episodes)")
  }

  @Test func aTieGoesToTheShowWatchedMostRecently() {
    let view = ProfileConnector().connect(
      state: AppFeature.State(catalog: .test, watchedHistory: [.harbor1, .breakwater1]))
    #expect(view.mostWatched == "Harbor Lights (1 episode)")
  }

  @Test func nothingWatchedHasNoMostWatchedShow() {
    let view = ProfileConnector().connect(state: AppFeature.State(catalog: .test))
    #expect(view.watchedEpisodes == 0)
    #expect(view.mostWatched == nil)
  }

  @Test func passesTheSaveStatusThrough() {
    let state = AppFeature.State(
      catalog: .test, historyPath: "/data/history.json", saveProblem: "disk full")
    let view = ProfileConnector().connect(state: state)
    #expect(view.historyPath == "/data/history.json")
    #expect(view.saveProblem == "disk full")
  }
}

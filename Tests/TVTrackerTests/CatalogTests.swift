import Foundation
import Testing

@testable import TVTrackerCore

@Suite struct CatalogTests {
  @Test func bundledCatalogHasThirteenShowsAndFortyThreeEpisodes() throws {
    let catalog = try Catalog.bundled()
    #expect(catalog.shows.count == 13)
    #expect(catalog.episodeCount == 43)
    #expect(catalog.episodesByIds.count == 43)
  }

  @Test func bundledEpisodesAllHaveDatesAndUniqueIds() throws {
    let catalog = try Catalog.bundled()
    let episodes = catalog.shows.flatMap(\.episodes)
    #expect(episodes.allSatisfy { $0.firstAired != nil })
    #expect(Set(episodes.map(\.ids)).count == episodes.count)
  }

  @Test func decodesEpisodesWithShowIdsAndDates() throws {
    let json = """
      {"shows": [{"id": 7, "title": "Ward Nine", "network": "Meridian",
        "episodes": [{"season": 2, "episode": 1, "title": "Jailbreak",
                      "firstAired": "2019-11-07"}]}]}
      """
    let catalog = try Catalog(json: Data(json.utf8))
    let episode = try #require(catalog.shows.first?.episodes.first)
    #expect(episode.ids == Ids(show: 7, season: 2, episode: 1))
    #expect(episode.firstAired.map(ShortDate.string(from:)) == "2019-11-07")
    #expect(catalog.shows.first?.posterURL == nil)
  }

  @Test func rejectsADateThatIsNotADay() {
    let json = """
      {"shows": [{"id": 7, "title": "Ward Nine", "network": "Meridian",
        "episodes": [{"season": 1, "episode": 1, "title": "Triage", "firstAired": "soon"}]}]}
      """
    #expect(throws: Catalog.LoadError.self) { try Catalog(json: Data(json.utf8)) }
  }

  @Test func searchMatchesShowAndEpisodeTitlesIgnoringCase() {
    let matches = Catalog.test.search("BREAK", limit: 10)
    #expect(matches.episodes == [.breakwater1, .breakwater2, .breakwater3])
    #expect(matches.total == 3)
  }

  @Test func searchNeedsEveryWordSomewhereInTheTitles() {
    let matches = Catalog.test.search("harbor fog", limit: 10)
    #expect(matches.episodes == [.harbor2])
  }

  @Test func searchIgnoresAccents() {
    #expect(Catalog.test.search("lándfall", limit: 10).episodes == [.harbor1])
  }

  @Test func searchKeepsTheFirstMatchesAndCountsAll() {
    let matches = Catalog.test.search("a", limit: 2)
    #expect(matches.episodes == [.breakwater1, .breakwater2])
    #expect(matches.total == 5)
  }

  @Test func blankSearchFindsNothing() {
    #expect(Catalog.test.search("   ", limit: 10) == Catalog.Matches(episodes: [], total: 0))
  }

  @Test func showImagesAreKeyedByEpisodeForShowsWithAPoster() {
    let images = Catalog.test.showImagesByIds
    #expect(images[.breakwater2]?.tvPosters?.first?.url.lastPathComponent == "breakwater.jpg")
    #expect(images[.harbor1] == nil)
  }
}

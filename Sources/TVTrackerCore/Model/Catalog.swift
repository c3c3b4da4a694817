import Foundation

/// The shows and episodes the app knows, loaded from the JSON file bundled with it.
struct Catalog: Equatable, Sendable {
  /// The episodes a search found: the first few, and how many there were in all.
  struct Matches: Equatable, Sendable {
    var episodes: [Ids]
    var total: Int
  }

  enum LoadError: Error, CustomStringConvertible {
    case missingResource
    case invalid(Ids?, String)

    var description: String {
      switch self {
      case .missingResource: "the catalog file is missing from the app's resources"
      case .invalid(let ids?, let reason): "episode \(ids.show)/\(ids.code): \(reason)"
      case .invalid(nil, let reason): reason
      }
    }
  }

  var shows: [Show]

  /// The catalog shipped with the app, `Resources/catalog.json`.
  static func bundled() throws -> Catalog {
    guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
      throw LoadError.missingResource
    }
    return try Catalog(json: Data(contentsOf: url))
  }

  init(shows: [Show]) {
    self.shows = shows
  }

  /// Decodes a catalog file: `{"shows": [{"id", "title", "network", "posterURL"?,
  /// "episodes": [{"season", "episode", "title", "firstAired"?}]}]}`, dates as `yyyy-MM-dd`.
  init(json: Data) throws {
    let file = try JSONDecoder().decode(CatalogFile.self, from: json)
    shows = try file.shows.map { show in
      let episodes = try show.episodes.map { episode in
        let ids = Ids(show: show.id, season: episode.season, episode: episode.episode)
        var firstAired: Date?
        if let text = episode.firstAired {
          guard let date = ShortDate.date(from: text) else {
            throw LoadError.invalid(ids, "first-aired date '\(text)' is not yyyy-MM-dd")
          }
          firstAired = date
        }
        return Episode(ids: ids, title: episode.title, firstAired: firstAired)
      }
      return Show(
        id: show.id, title: show.title, network: show.network, posterURL: show.posterURL,
        episodes: episodes)
    }
  }

  var episodeCount: Int {
    shows.reduce(0) { $0 + $1.episodes.count }
  }

  /// Every episode by its identifiers, as the app state keeps them.
  var episodesByIds: [Ids: Episode] {
    Dictionary(
      shows.flatMap(\.episodes).map { ($0.ids, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Each episode's show artwork, keyed by episode as the seed's `showImages[ids]` reads it.
  var showImagesByIds: [Ids: ShowImages] {
    var images: [Ids: ShowImages] = [:]
    for show in shows {
      guard let url = show.posterURL else { continue }
      for episode in show.episodes {
        images[episode.ids] = ShowImages(tvPosters: [ShowImages.Image(url: url)])
      }
    }
    return images
  }

  /// Every show by its identifier.
  var showsByID: [Int: Show] {
    Dictionary(shows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The episodes whose show title and episode title together contain every word of `query`,
  /// ignoring case and accents, in catalog order.
  ///
  /// - Parameters:
  ///   - query: The words to look for; blank finds nothing.
  ///   - limit: How many episodes to return at most.
  /// - Returns: The first `limit` matches and the number of all matches.
  func search(_ query: String, limit: Int) -> Matches {
    let words = Self.fold(query).split(whereSeparator: \.isWhitespace)
    guard !words.isEmpty else { return Matches(episodes: [], total: 0) }
    var found: [Ids] = []
    var total = 0
    for show in shows {
      let showTitle = Self.fold(show.title)
      for episode in show.episodes {
        let text = showTitle + " " + Self.fold(episode.title)
        guard words.allSatisfy({ text.contains($0) }) else { continue }
        total += 1
        if found.count < limit { found.append(episode.ids) }
      }
    }
    return Matches(episodes: found, total: total)
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}

/// The on-disk shape of the catalog file.
private struct CatalogFile: Decodable {
  struct Show: Decodable {
    var id: Int
    var title: String
    var network: String
    var posterURL: URL?
    var episodes: [Episode]
  }

  struct Episode: Decodable {
    var season: Int
    var episode: Int
    var title: String
    var firstAired: String?
  }

  var shows: [Show]
}

/// Identifies one episode: the show, the season and the episode number.
struct Ids: Hashable, Codable, Sendable {
  var show: Int
  var season: Int
  var episode: Int

  /// The conventional short code, such as `S01E03`.
  var code: String {
    "S" + Self.twoDigits(season) + "E" + Self.twoDigits(episode)
  }

  private static func twoDigits(_ number: Int) -> String {
    number < 10 && number >= 0 ? "0\(number)" : "\(number)"
  }
}

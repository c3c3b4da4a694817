import Foundation

/// One watched episode in the history file, and when it was watched when that is known.
///
/// Files from before the times were kept have none; such entries sort after every entry
/// with a time, in the order the file lists them.
struct HistoryEntry: Hashable, Sendable {
  var ids: Ids
  var watchedAt: Date?
}

/// The contents of the history file, version 1:
///
/// ```json
/// {"version": 1, "watched": [{"show": 1, "season": 1, "episode": 3,
///                             "watchedAt": "2026-01-01T20:15:00.000Z"}]}
/// ```
///
/// Most recent first. `watchedAt` is optional, so files written before it existed still read,
/// and an older tv-tracker, which ignores keys it does not know, still reads these.
enum HistoryDocument {
  static let version = 1

  /// What a file turned out to hold.
  enum Reading: Equatable {
    case history([HistoryEntry])
    /// A history file of a later version, which this app must neither read nor replace.
    case newer(version: Int)
    /// A history file this app wrote that is damaged (cut short, or edited wrongly).
    case damaged(reason: String)
    /// Something that is not a history file at all.
    case foreign
  }

  /// Reads the bytes of a history file; an empty file is an empty history.
  static func read(_ data: Data) -> Reading {
    if data.allSatisfy(isWhitespace) { return .history([]) }
    let decoder = JSONDecoder()
    guard let probe = try? decoder.decode(VersionProbe.self, from: data) else {
      return looksLikeHistory(data) ? .damaged(reason: "it is not a valid history file") : .foreign
    }
    if probe.version > version { return .newer(version: probe.version) }
    guard probe.version == version else {
      return .damaged(reason: "it says version \(probe.version), which no tv-tracker wrote")
    }
    guard let file = try? decoder.decode(File.self, from: data) else {
      return .damaged(reason: "it is not a valid history file")
    }
    var seen = Set<Ids>()
    return .history(file.watched.filter { seen.insert($0.ids).inserted })
  }

  /// The bytes of a file holding `entries`, keys sorted so that a diff of two saves is small.
  static func encode(_ entries: [HistoryEntry]) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Encoding plain integers and strings cannot fail.
    let data = try! encoder.encode(File(version: version, watched: entries))
    return data + Data("\n".utf8)
  }

  /// The history both of two processes saved: every episode either has, each with the later of
  /// its two times, most recent first.
  ///
  /// - Parameters:
  ///   - ours: The history this process is saving; ties keep its order, ahead of theirs.
  ///   - theirs: The history found in the file.
  ///   - removed: Episodes this process removed, and when; an episode of `theirs` watched no
  ///     later than its removal stays removed.
  /// - Returns: The merged history, most recent first.
  static func merge(
    ours: [HistoryEntry], theirs: [HistoryEntry], removed: [Ids: Date] = [:]
  ) -> [HistoryEntry] {
    var merged: [Ids: (entry: HistoryEntry, rank: Int)] = [:]
    for (rank, entry) in ours.enumerated() where merged[entry.ids] == nil {
      merged[entry.ids] = (entry, rank)
    }
    for (offset, entry) in theirs.enumerated() {
      if let known = merged[entry.ids] {
        merged[entry.ids]?.entry.watchedAt = later(known.entry.watchedAt, entry.watchedAt)
        continue
      }
      if let removal = removed[entry.ids], (entry.watchedAt ?? .distantPast) <= removal {
        continue
      }
      merged[entry.ids] = (entry, ours.count + offset)
    }
    return merged.values.sorted { lhs, rhs in
      let left = lhs.entry.watchedAt ?? .distantPast
      let right = rhs.entry.watchedAt ?? .distantPast
      return left != right ? left > right : lhs.rank < rhs.rank
    }
    .map(\.entry)
  }

  private static func later(_ lhs: Date?, _ rhs: Date?) -> Date? {
    guard let lhs else { return rhs }
    guard let rhs else { return lhs }
    return max(lhs, rhs)
  }

  /// Whether unreadable bytes still look like a history file: a JSON object naming one of its
  /// keys near the start. Only such a file may be moved aside; anything else is someone
  /// else's, and stays as it is.
  private static func looksLikeHistory(_ data: Data) -> Bool {
    guard data.first(where: { !isWhitespace($0) }) == UInt8(ascii: "{") else { return false }
    let start = String(decoding: data.prefix(1024), as: UTF8.self)
    return start.contains("\"version\"") || start.contains("\"watched\"")
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private struct VersionProbe: Decodable {
    var version: Int
  }

  private struct File: Codable {
    var version: Int
    var watched: [HistoryEntry]
  }
}

extension HistoryEntry: Codable {
  private enum CodingKeys: String, CodingKey {
    case show, season, episode, watchedAt
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    ids = Ids(
      show: try container.decode(Int.self, forKey: .show),
      season: try container.decode(Int.self, forKey: .season),
      episode: try container.decode(Int.self, forKey: .episode))
    // A time that does not read is dropped rather than losing the whole file over it.
    watchedAt = try? container.decodeIfPresent(String.self, forKey: .watchedAt).flatMap(
      Self.date(from:))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(ids.show, forKey: .show)
    try container.encode(ids.season, forKey: .season)
    try container.encode(ids.episode, forKey: .episode)
    try container.encodeIfPresent(watchedAt.map(Self.string(from:)), forKey: .watchedAt)
  }

  /// `date` in UTC to the millisecond, such as `2026-01-01T20:15:00.250Z`.
  ///
  /// Written by hand rather than with the fractional-seconds format style, which truncates:
  /// a time read back as the `Double` just below it would lose a millisecond on every save.
  static func string(from date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
    let (whole, fraction) =
      seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1000) : seconds
    let stamp = Date(timeIntervalSince1970: TimeInterval(whole)).formatted(
      Date.ISO8601FormatStyle())
    let digits = String(fraction)
    return stamp.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  /// Reads a time as ``string(from:)`` writes it, or without the fraction; nil for anything
  /// else.
  static func date(from text: String) -> Date? {
    guard text.hasSuffix("Z") else { return nil }
    let parts = text.dropLast().split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2,
      let whole = try? Date.ISO8601FormatStyle().parse(String(parts[0]) + "Z")
    else { return nil }
    var fraction = 0.0
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].count <= 9,
        parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
        let digits = Int(parts[1])
      else { return nil }
      fraction = Double(digits) / pow(10, Double(parts[1].count))
    }
    let milliseconds = ((whole.timeIntervalSince1970 + fraction) * 1000).rounded()
    return Date(timeIntervalSince1970: milliseconds / 1000)
  }
}

import Foundation

/// One watched episode in the history file, and when it was watched when that is known.
///
/// Files from before the times were kept have none; such entries sort after every entry
/// with a time, in the order the file lists them.
struct HistoryEntry: Hashable, Sendable {
  var ids: Ids
  var watchedAt: Date?
}

/// An episode marked unwatched, and when.
///
/// Kept in the file so that another instance still holding the older watch cannot bring the
/// episode back when it saves (see ``HistoryDocument/merge(ours:theirs:)``).
struct UnwatchedEntry: Hashable, Sendable {
  var ids: Ids
  var unwatchedAt: Date
}

/// The note on a show, and when it was last edited.
///
/// An empty text records that the note was cleared, so that an older note kept by another
/// instance does not come back.
struct NoteEntry: Hashable, Sendable {
  var show: Int
  var text: String
  var editedAt: Date?
}

/// The contents of the history file, version 1:
///
/// ```json
/// {"version": 1,
///  "watched": [{"show": 1, "season": 1, "episode": 3, "watchedAt": "2026-01-01T20:15:00.000Z"}],
///  "unwatched": [{"show": 1, "season": 1, "episode": 2,
///                 "unwatchedAt": "2026-01-02T09:00:00.000Z"}],
///  "notes": [{"show": 1, "text": "Finish season 1", "editedAt": "2026-01-02T09:05:00.000Z"}]}
/// ```
///
/// Watched episodes come most recent first. Only `version` and `watched` are required, and
/// `unwatched` and `notes` are left out while empty, so a file written before they existed
/// still reads, a file without un-watches or notes is byte for byte what earlier versions
/// wrote, and an older tv-tracker, which ignores keys it does not know, still reads these. An
/// older tv-tracker's own saves keep only `watched`, so a note or an un-watch is lost when one
/// saves the same file; the watched history is not.
enum HistoryDocument {
  static let version = 1

  /// What a history file holds.
  struct Contents: Equatable, Sendable {
    /// Watched episodes, most recent first.
    var watched: [HistoryEntry] = []
    /// Episodes whose latest change was being marked unwatched, by show, season and episode.
    var unwatched: [UnwatchedEntry] = []
    /// The latest edit of each show's note, cleared ones included, by show.
    var notes: [NoteEntry] = []

    /// The watched episodes as the app state keeps them.
    var history: [Ids] { watched.map(\.ids) }

    /// The notes as the app state keeps them: the shows with a note that is not empty.
    var noteTexts: [Int: String] {
      Dictionary(
        notes.filter { !$0.text.isEmpty }.map { ($0.show, $0.text) },
        uniquingKeysWith: { first, _ in first })
    }
  }

  /// What a file turned out to hold.
  enum Reading: Equatable {
    case history(Contents)
    /// A history file of a later version, which this app must neither read nor replace.
    case newer(version: Int)
    /// A history file this app wrote that is damaged (cut short, or edited wrongly).
    case damaged(reason: String)
    /// Something that is not a history file at all.
    case foreign
  }

  /// Reads the bytes of a history file; an empty file is an empty history.
  ///
  /// An episode listed twice keeps its first place and its latest time; an episode both
  /// watched and unwatched keeps whichever happened last.
  static func read(_ data: Data) -> Reading {
    if data.allSatisfy(isWhitespace) { return .history(Contents()) }
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
    let contents = Contents(
      watched: file.watched,
      // An un-watch whose time does not read cannot be ordered against any watch.
      unwatched: (file.unwatched ?? []).compactMap { entry in
        entry.unwatchedAt.map { UnwatchedEntry(ids: entry.ids, unwatchedAt: $0) }
      },
      notes: file.notes ?? [])
    return .history(merge(ours: contents, theirs: Contents()))
  }

  /// The bytes of a file holding `contents`, keys sorted so that a diff of two saves is small.
  static func encode(_ contents: Contents) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let file = File(
      version: version, watched: contents.watched,
      unwatched: contents.unwatched.isEmpty
        ? nil
        : contents.unwatched.map { StoredUnwatch(ids: $0.ids, unwatchedAt: $0.unwatchedAt) },
      notes: contents.notes.isEmpty ? nil : contents.notes)
    // Encoding plain integers and strings cannot fail.
    let data = try! encoder.encode(file)
    return data + Data("\n".utf8)
  }

  /// The bytes of a file holding only watched episodes.
  static func encode(_ entries: [HistoryEntry]) -> Data {
    encode(Contents(watched: entries))
  }

  /// What both of two processes saved: for each episode the latest of its watches and
  /// un-watches on either side, and for each show the latest edit of its note.
  ///
  /// An episode whose latest change is a watch is in `watched`, with the later of its watch
  /// times; one whose latest change is an un-watch is in `unwatched`. A watch without a time
  /// (from a file older than the times) is older than any un-watch, and an un-watch at the
  /// same moment as a watch wins. For a note, the later edit wins, and ours at a tie.
  ///
  /// - Parameters:
  ///   - ours: What this process is saving; ties keep its order, ahead of theirs.
  ///   - theirs: What the file holds.
  /// - Returns: The merged contents: watched episodes most recent first, un-watched ones and
  ///   notes in the order of their identifiers.
  static func merge(ours: Contents, theirs: Contents) -> Contents {
    struct Episode {
      var watchedAt: Date?
      /// Where a watched episode goes among those with the same time; nil while only
      /// un-watched.
      var rank: Int?
      var unwatchedAt: Date?
    }
    var episodes: [Ids: Episode] = [:]
    for (rank, entry) in (ours.watched + theirs.watched).enumerated() {
      var episode = episodes[entry.ids, default: Episode()]
      episode.watchedAt = later(episode.watchedAt, entry.watchedAt)
      if episode.rank == nil { episode.rank = rank }
      episodes[entry.ids] = episode
    }
    for entry in ours.unwatched + theirs.unwatched {
      episodes[entry.ids, default: Episode()].unwatchedAt = later(
        episodes[entry.ids]?.unwatchedAt, entry.unwatchedAt)
    }
    var watched: [(entry: HistoryEntry, rank: Int)] = []
    var unwatched: [UnwatchedEntry] = []
    for (ids, episode) in episodes {
      if let rank = episode.rank,
        episode.unwatchedAt.map({ (episode.watchedAt ?? .distantPast) > $0 }) ?? true
      {
        watched.append((HistoryEntry(ids: ids, watchedAt: episode.watchedAt), rank))
      } else if let unwatchedAt = episode.unwatchedAt {
        unwatched.append(UnwatchedEntry(ids: ids, unwatchedAt: unwatchedAt))
      }
    }
    var notes: [Int: NoteEntry] = [:]
    for note in ours.notes + theirs.notes {
      guard let known = notes[note.show] else {
        notes[note.show] = note
        continue
      }
      if (note.editedAt ?? .distantPast) > (known.editedAt ?? .distantPast) {
        notes[note.show] = note
      }
    }
    return Contents(
      watched: watched.sorted { lhs, rhs in
        let left = lhs.entry.watchedAt ?? .distantPast
        let right = rhs.entry.watchedAt ?? .distantPast
        return left != right ? left > right : lhs.rank < rhs.rank
      }
      .map(\.entry),
      unwatched: unwatched.sorted { lhs, rhs in
        (lhs.ids.show, lhs.ids.season, lhs.ids.episode)
          < (rhs.ids.show, rhs.ids.season, rhs.ids.episode)
      },
      notes: notes.values.sorted { $0.show < $1.show })
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
    var unwatched: [StoredUnwatch]?
    var notes: [NoteEntry]?
  }

  /// An un-watch as stored: its time may fail to read, which drops the un-watch alone.
  private struct StoredUnwatch: Codable {
    var ids: Ids
    var unwatchedAt: Date?

    private enum CodingKeys: String, CodingKey {
      case unwatchedAt
    }

    init(ids: Ids, unwatchedAt: Date?) {
      self.ids = ids
      self.unwatchedAt = unwatchedAt
    }

    init(from decoder: any Decoder) throws {
      // The ids are keys of the same object, beside the time.
      ids = try Ids(from: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      unwatchedAt = try? container.decodeIfPresent(String.self, forKey: .unwatchedAt).flatMap(
        HistoryEntry.date(from:))
    }

    func encode(to encoder: any Encoder) throws {
      try ids.encode(to: encoder)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(
        unwatchedAt.map(HistoryEntry.string(from:)), forKey: .unwatchedAt)
    }
  }
}

extension HistoryEntry: Codable {
  private enum CodingKeys: String, CodingKey {
    case watchedAt
  }

  init(from decoder: any Decoder) throws {
    // The ids are keys of the same object, beside the time.
    ids = try Ids(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // A time that does not read is dropped rather than losing the whole file over it.
    watchedAt = try? container.decodeIfPresent(String.self, forKey: .watchedAt).flatMap(
      Self.date(from:))
  }

  func encode(to encoder: any Encoder) throws {
    try ids.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
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

extension NoteEntry: Codable {
  private enum CodingKeys: String, CodingKey {
    case show, text, editedAt
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    show = try container.decode(Int.self, forKey: .show)
    text = try container.decode(String.self, forKey: .text)
    // As for a watch: a time that does not read makes the edit the oldest, not the file bad.
    editedAt = try? container.decodeIfPresent(String.self, forKey: .editedAt).flatMap(
      HistoryEntry.date(from:))
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(show, forKey: .show)
    try container.encode(text, forKey: .text)
    try container.encodeIfPresent(editedAt.map(HistoryEntry.string(from:)), forKey: .editedAt)
  }
}

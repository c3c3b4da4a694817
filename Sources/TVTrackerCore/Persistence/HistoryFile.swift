import Foundation

/// The JSON file that keeps the watched history between runs.
///
/// The file holds `{"version": 1, "watched": [{"show", "season", "episode"}, …]}`, most recent
/// first. It is written atomically (a temporary file renamed over it). A file that cannot be
/// read is never overwritten: it is moved aside as `history.json.corrupt-<timestamp>` first, and
/// when even that fails, the app does not save at all.
struct HistoryFile: Sendable {
  /// What opening the file found: the history to start with, and what to tell the user.
  struct Opened: Equatable {
    var history: [Ids] = []
    /// Messages for the user, one line each.
    var notices: [String] = []
    /// Why saving does not work right now, for the Profile tab; nil when it does.
    var saveProblem: String?
    /// Set when the app must not write the file at all, because it holds something unread.
    var blockedReason: String?
  }

  private struct Document: Codable {
    var version: Int
    var watched: [Ids]
  }

  /// The path as the user gave it or as it was resolved; relative paths are relative to the
  /// current folder.
  let path: String

  /// Reads the history, moving an unreadable file aside, and checks that saving will work.
  ///
  /// - Parameter now: The time stamped on a file moved aside.
  /// - Returns: The history (empty when the file is missing or unreadable) and notices.
  func open(now: Date = Date()) -> Opened {
    var opened = Opened()
    do {
      opened.history = try load()
    } catch {
      let reason = HistoryStorage.describe(error)
      do {
        let aside = try moveAside(now: now)
        opened.notices.append(
          "cannot read the watched history in \(path) (\(reason)); moved it to \(aside) "
            + "and started with an empty history.")
      } catch {
        let blocked = "\(path) could not be read and is kept as it is"
        opened.notices.append(
          "cannot read the watched history in \(path) (\(reason)), and cannot move it aside "
            + "(\(HistoryStorage.describe(error))); started with an empty history and will not "
            + "save, so the file stays as it is.")
        opened.blockedReason = blocked
        opened.saveProblem = blocked
        return opened
      }
    }
    if let problem = POSIXFile.writeProblem(for: path) {
      opened.saveProblem = problem
      opened.notices.append(
        "cannot save the watched history (\(problem)); changes will last until you quit.")
    }
    return opened
  }

  /// Reads the history.
  ///
  /// - Returns: The saved history, or an empty one when there is no file yet.
  /// - Throws: ``HistoryFileError`` when the file exists but cannot be read or decoded.
  func load() throws -> [Ids] {
    switch try POSIXFile.kind(of: path) {
    case .missing: return []
    case .other: throw HistoryFileError(description: "it is not a regular file")
    case .regular: break
    }
    let data = try POSIXFile.contents(of: path)
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw HistoryFileError(description: "it is not a valid history file")
    }
    guard document.version == 1 else {
      throw HistoryFileError(
        description: "it is version \(document.version); this app reads version 1")
    }
    var seen = Set<Ids>()
    return document.watched.filter { seen.insert($0).inserted }
  }

  /// Replaces the file with `history`, atomically.
  func save(_ history: [Ids]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(Document(version: 1, watched: history))
    try POSIXFile.writeAtomically(data + Data("\n".utf8), to: path)
  }

  /// Renames the file to `<path>.corrupt-<timestamp>`, adding a number if that name is taken.
  ///
  /// - Returns: The new path.
  func moveAside(now: Date) throws -> String {
    let stamp = now.formatted(
      Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
        timeZone: .gmt))
    var aside = "\(path).corrupt-\(stamp)"
    var number = 2
    while POSIXFile.exists(aside) {
      aside = "\(path).corrupt-\(stamp)-\(number)"
      number += 1
    }
    try POSIXFile.move(path, to: aside)
    return aside
  }
}

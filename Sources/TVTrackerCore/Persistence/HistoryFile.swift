import Foundation

/// The JSON file that keeps the watched history between runs (see ``HistoryDocument``).
///
/// What it promises, whatever it finds:
/// - Saving is atomic (a temporary file renamed over the old one, both flushed to disk), writes
///   through a symbolic link to its target, keeps the file's mode and owner (a new file is
///   0600), and never overwrites a file without write permission.
/// - Saving locks the file and merges with what is there, so two instances on one file keep
///   both their histories, the later of each episode's watch and un-watch, and the later edit
///   of each note.
/// - Only a regular file that holds a damaged history is ever moved aside (to
///   `<name>.corrupt-<timestamp>`). A file of a newer version, a file that is not a history,
///   one too large to be one, or one that cannot be read is left as it is, and the app does
///   not save.
struct HistoryFile: Sendable {
  /// What opening the file found: the history to start with, and what to tell the user.
  struct Opened: Equatable {
    /// What the file holds: the history with its times, un-watches and notes.
    var contents = HistoryDocument.Contents()
    /// Messages for the user, one line each.
    var notices: [String] = []
    /// Why saving does not work right now, for the Profile tab; nil when it does.
    var saveProblem: String?
    /// Set when the app must not write the file at all, because it holds something unread.
    var blockedReason: String?

    /// The saved history with the times of the entries, most recent first.
    var entries: [HistoryEntry] { contents.watched }

    /// The history as the app state keeps it.
    var history: [Ids] { contents.history }

    /// The notes as the app state keeps them.
    var notes: [Int: String] { contents.noteTexts }
  }

  /// The largest file read as a history: some 300,000 episodes, far beyond any real history,
  /// and small enough to read without a second thought.
  static let sizeLimit = 64 << 20

  /// The path as the user gave it or as it was resolved; relative paths are relative to the
  /// current folder.
  let location: Path
  /// How long a save waits for another instance that holds the lock.
  var lockTimeout = Duration.seconds(10)
  /// Called when a save has to wait for another instance, with a line for the user.
  var onLockWait: (@Sendable (String) -> Void)?

  init(path: String) {
    location = Path(path)
  }

  var path: String { location.string }

  /// Why `path` cannot be a history file whatever it holds, or nil when it can be.
  ///
  /// A folder, `.`, `/`, a path ending in `/`, a device or a pipe: the app refuses these before
  /// starting, and creates or renames nothing.
  static func pathProblem(_ path: String) -> String? {
    let location = Path(path)
    if location.namesFolder { return "'\(path)' names a folder, not a file" }
    guard let target = try? POSIXFile.resolvingLinks(location),
      let status = try? POSIXFile.status(of: target)
    else { return nil }
    switch status.kind {
    case .regular: return nil
    case .folder: return "'\(path)' is a folder, not a file"
    case .other: return "'\(path)' is not a regular file"
    }
  }

  /// Reads the history, moving a damaged file aside, and checks that saving will work.
  ///
  /// Also removes the temporary files of saves that were killed before they finished.
  ///
  /// - Parameter now: The time stamped on a file moved aside.
  /// - Returns: The history (empty when the file is missing or not read) and notices.
  func open(now: Date = Date()) -> Opened {
    var opened = Opened()
    let target: Path
    let status: POSIXFile.Status?
    do {
      target = try POSIXFile.resolvingLinks(location)
      status = try POSIXFile.status(of: target)
    } catch {
      return blocked(opened, "cannot read the watched history in \(path) (\(error))")
    }
    POSIXFile.removeStaleTemporaryFiles(for: target)
    guard let status else {
      return checkingSaving(opened, target: target, status: nil)
    }
    guard status.kind == .regular else {
      return blocked(opened, "\(path) is not a regular file")
    }
    guard status.size <= Self.sizeLimit else {
      return blocked(
        opened,
        "\(path) is \(Self.mebibytes(status.size)), too large for a history file "
          + "(at most \(Self.mebibytes(Self.sizeLimit)))")
    }
    let data: Data
    do {
      data = try POSIXFile.contents(of: target, limit: Self.sizeLimit)
    } catch {
      return blocked(
        opened, "cannot read the watched history in \(path) (\(HistoryStorage.describe(error)))")
    }
    switch HistoryDocument.read(data) {
    case .history(let contents):
      opened.contents = contents
    case .newer(let version):
      return blocked(
        opened,
        "\(path) was written by a newer tv-tracker (file version \(version); this one reads "
          + "version \(HistoryDocument.version))")
    case .foreign:
      return blocked(opened, "\(path) is not a tv-tracker history file")
    case .damaged(let reason):
      do {
        let aside = try moveAside(target, now: now)
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
      return checkingSaving(opened, target: target, status: nil)
    }
    return checkingSaving(opened, target: target, status: status)
  }

  /// Reads the history.
  ///
  /// - Returns: The saved history, or an empty one when there is no file yet.
  /// - Throws: ``HistoryFileError`` when the file exists but is not a history this app reads.
  func load() throws -> [Ids] {
    try loadContents().history
  }

  /// Reads everything the file holds.
  ///
  /// - Returns: The saved contents, or empty ones when there is no file yet.
  /// - Throws: ``HistoryFileError`` when the file exists but is not a history this app reads.
  func loadContents() throws -> HistoryDocument.Contents {
    let target = try POSIXFile.resolvingLinks(location)
    guard let status = try POSIXFile.status(of: target) else { return HistoryDocument.Contents() }
    guard status.kind == .regular else {
      throw HistoryFileError(description: "it is not a regular file")
    }
    return try Self.contents(in: Self.read(POSIXFile.contents(of: target, limit: Self.sizeLimit)))
  }

  /// Saves `history` without times; for tests and tools. The app saves through
  /// ``HistoryStorage``, which keeps them.
  func save(_ history: [Ids]) throws {
    _ = try save(HistoryDocument.Contents(watched: history.map { HistoryEntry(ids: $0) }))
  }

  /// Locks the file, merges `contents` with what it holds, and replaces it with the result.
  ///
  /// - Parameter contents: What to save: the history most recent first, the un-watches and
  ///   note edits this process knows of (see ``HistoryDocument/merge(ours:theirs:)``).
  /// - Returns: What the file holds now.
  /// - Throws: ``HistoryFileError`` when the file cannot be written, or holds something this
  ///   app must not replace; the file is then left as it was.
  func save(_ contents: HistoryDocument.Contents) throws -> HistoryDocument.Contents {
    let target = try POSIXFile.resolvingLinks(location)
    if let status = try POSIXFile.status(of: target) {
      guard status.kind == .regular else {
        throw HistoryFileError(description: "\(path) is not a regular file")
      }
      if let reason = POSIXFile.readOnlyReason(target, status: status) {
        throw HistoryFileError(description: reason)
      }
    }
    try POSIXFile.makeDirectories(target.parent)
    let lock = try FileLock.acquire(target, timeout: lockTimeout) {
      onLockWait?("waiting for another tv-tracker to finish saving \(path)")
    }
    var written = false
    defer { lock.release(removingCreatedFileAt: written ? nil : target) }

    let current = try POSIXFile.contents(of: lock.descriptor, limit: Self.sizeLimit)
    let theirs: HistoryDocument.Contents
    do {
      theirs = try Self.contents(in: Self.read(current))
    } catch {
      throw HistoryFileError(
        description: "\(path) changed and is no longer a history this app can replace "
          + "(\(error)); not saved")
    }
    let merged = HistoryDocument.merge(ours: contents, theirs: theirs)
    let data = HistoryDocument.encode(merged)
    if data == current { return merged }
    try POSIXFile.writeAtomically(
      data, to: target, replacing: lock.createdFile ? nil : lock.status)
    written = true
    return merged
  }

  /// Renames `target` to `<name>.corrupt-<timestamp>`, adding a number if that name is taken.
  ///
  /// - Returns: The new path.
  private func moveAside(_ target: Path, now: Date) throws -> String {
    let stamp = now.formatted(
      Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
        timeZone: .gmt))
    // Next to the file the user named; through a link, next to its target.
    let base = target == location ? path : target.string
    var aside = "\(base).corrupt-\(stamp)"
    var number = 2
    while POSIXFile.exists(Path(aside)) {
      aside = "\(base).corrupt-\(stamp)-\(number)"
      number += 1
    }
    try POSIXFile.move(target, to: Path(aside))
    return aside
  }

  private static func read(_ data: Data) -> HistoryDocument.Reading {
    HistoryDocument.read(data)
  }

  private static func contents(
    in reading: HistoryDocument.Reading
  ) throws -> HistoryDocument.Contents {
    switch reading {
    case .history(let contents): return contents
    case .newer(let version):
      throw HistoryFileError(
        description: "it was written by a newer tv-tracker (version \(version))")
    case .damaged(let reason): throw HistoryFileError(description: reason)
    case .foreign: throw HistoryFileError(description: "it is not a tv-tracker history file")
    }
  }

  /// Leaves the file as it is and turns saving off, saying why.
  private func blocked(_ opened: Opened, _ reason: String) -> Opened {
    var opened = opened
    opened.notices.append("\(reason); left it as it is, and will not save.")
    opened.blockedReason = reason
    opened.saveProblem = reason
    return opened
  }

  /// Adds the reason saving will fail, if there is one, without creating anything.
  private func checkingSaving(
    _ opened: Opened, target: Path, status: POSIXFile.Status?
  ) -> Opened {
    var opened = opened
    // Replacing a file needs a writable file and a folder to put the new one in.
    let problem =
      status.flatMap { POSIXFile.readOnlyReason(target, status: $0) }
      ?? POSIXFile.createProblem(for: target)
    if let problem {
      opened.saveProblem = problem
      opened.notices.append(
        "cannot save the watched history (\(problem)); changes will last until you quit.")
    }
    return opened
  }

  private static func mebibytes(_ bytes: Int) -> String {
    bytes >= 1 << 30
      ? String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
      : "\((bytes + (1 << 20) - 1) >> 20) MiB"
  }
}

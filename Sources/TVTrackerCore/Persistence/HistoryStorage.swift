import Conduit
import Foundation

/// What the app saves: its watched history and its notes.
struct SavedHistory: Equatable, Sendable {
  /// The watched episodes, most recent first.
  var watched: [Ids]
  /// Each show's note; a show without one has no key.
  var notes: [Int: String] = [:]
}

/// Saves the watched history and the notes: the one dependency of ``AppFeature`` that touches
/// the disk.
///
/// A plain value of closures, so tests pass one that records what it was asked to save, or
/// one that fails.
struct HistoryStorage: Sendable {
  /// Saves the whole history and every note.
  var save: @Sendable (_ saved: SavedHistory) async throws -> Void

  /// Writes to `file` one save at a time, starting from what opening it found; never when
  /// `opened` gives a reason to block, which protects a file the app did not read from being
  /// replaced.
  ///
  /// - Parameters:
  ///   - file: The history file.
  ///   - opened: What opening `file` found: what saves start from, and whether saving is
  ///     blocked.
  ///   - now: The clock that stamps each watch, un-watch and note edit.
  /// - Returns: The storage.
  static func live(
    _ file: HistoryFile, opened: HistoryFile.Opened, now: DateGenerator = .live
  ) -> HistoryStorage {
    let writer = HistoryWriter(file: file, opened: opened, now: now)
    return HistoryStorage { saved in try await writer.save(saved) }
  }

  /// Keeps nothing: for previews and tests that do not look at saving.
  static let discarding = HistoryStorage { _ in }

  /// The message the Profile tab shows for a failed save.
  static func describe(_ error: any Error) -> String {
    (error as? HistoryFileError)?.description ?? "\(error)"
  }
}

/// Serializes writes, so that an older history never lands after a newer one, and keeps what
/// the app state does not hold: when each episode was watched or un-watched, and when each
/// note was edited.
///
/// ``AppFeature`` cancels the previous save when it starts one; a cancelled save that has not
/// started writing yet gives up here, and one already writing finishes before the next begins.
/// So a save may stand for several changes: the writer compares each history with the one
/// before to find what was watched and un-watched since (see
/// ``recentlyWatched(before:after:)``), and each note with the one before to find the edits.
///
/// Every change is stamped later than anything this process knows of the same episode or note
/// (a time read from the file may come from a clock that runs ahead of this one), so a user's
/// latest action wins the merge against everything they could have seen.
actor HistoryWriter {
  let file: HistoryFile
  let blockedReason: String?
  private let now: DateGenerator
  /// The app's history and notes as of the last save asked for.
  private var local: SavedHistory
  /// The latest time each episode is known to have been watched: from the file, or stamped
  /// here.
  private var times: [Ids: Date]
  /// Episodes whose latest known change is an un-watch, and when: from the file, or stamped
  /// here. Saved with every history, so that a merge does not bring them back.
  private var removed: [Ids: Date]
  /// The latest known edit of each show's note.
  private var notes: [Int: NoteEntry]

  init(file: HistoryFile, opened: HistoryFile.Opened, now: DateGenerator) {
    self.file = file
    blockedReason = opened.blockedReason
    self.now = now
    local = SavedHistory(watched: opened.history, notes: opened.notes)
    (times, removed, notes) = Self.known(in: opened.contents, times: [:])
  }

  func save(_ saved: SavedHistory) throws {
    try Task.checkCancellation()
    if let blockedReason { throw HistoryFileError(description: blockedReason) }
    stamp(saved)
    let contents = HistoryDocument.Contents(
      watched: saved.watched.map { HistoryEntry(ids: $0, watchedAt: times[$0]) },
      unwatched: removed.map { UnwatchedEntry(ids: $0.key, unwatchedAt: $0.value) },
      notes: Array(notes.values))
    learn(try file.save(contents))
  }

  /// Takes in what the file holds after a merge: other instances' times, un-watches and notes.
  private func learn(_ contents: HistoryDocument.Contents) {
    (times, removed, notes) = Self.known(in: contents, times: times)
  }

  /// What `contents` says of each episode and note, on top of the watch times known before.
  ///
  /// A watch time stays known after the episode is un-watched elsewhere: the app may still
  /// show it watched, and saves it with that time, which the un-watch outranks.
  private static func known(
    in contents: HistoryDocument.Contents, times: [Ids: Date]
  ) -> (times: [Ids: Date], removed: [Ids: Date], notes: [Int: NoteEntry]) {
    var times = times
    for entry in contents.watched {
      if let time = entry.watchedAt { times[entry.ids] = time }
    }
    let removed = Dictionary(
      contents.unwatched.map { ($0.ids, $0.unwatchedAt) }, uniquingKeysWith: max)
    let notes = Dictionary(
      contents.notes.map { ($0.show, $0) }, uniquingKeysWith: { first, _ in first })
    return (times, removed, notes)
  }

  /// Records the times of what changed between the last history and notes and `saved`.
  private func stamp(_ saved: SavedHistory) {
    let clock = Self.milliseconds(now())
    let kept = Set(saved.watched)
    for ids in local.watched where !kept.contains(ids) {
      removed[ids] = Self.date(Self.after([times[ids], removed[ids]], clock))
      times[ids] = nil
    }
    // Newly watched episodes go above everything known, one millisecond apart to keep their
    // order; in whole milliseconds, as the file keeps them, so that a time read back compares
    // equal.
    let watched = Self.recentlyWatched(before: local.watched, after: saved.watched)
    let known = Array(times.values) + Array(removed.values)
    let top = Self.after(known, clock) + Int64(max(0, watched.count - 1))
    for (index, ids) in watched.enumerated() {
      times[ids] = Self.date(top - Int64(index))
      removed[ids] = nil
    }
    for show in Set(local.notes.keys).union(saved.notes.keys) {
      let text = saved.notes[show] ?? ""
      guard text != local.notes[show] ?? "" else { continue }
      notes[show] = NoteEntry(
        show: show, text: text, editedAt: Self.date(Self.after([notes[show]?.editedAt], clock)))
    }
    local = saved
  }

  /// `clock`, or one millisecond after the latest of `times` when that is later.
  private static func after(_ times: [Date?], _ clock: Int64) -> Int64 {
    times.compactMap { $0 }.map { milliseconds($0) + 1 }.reduce(clock, max)
  }

  private static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  private static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
  }

  /// The episodes watched between two histories, most recent first.
  ///
  /// The app changes the history in two ways: watching puts an episode on top, and unwatching
  /// removes one. So `after` is the episodes watched since, then the rest of `before` in its
  /// own order; the first are found as the shortest start of `after` whose remainder keeps the
  /// order of `before`. Watching the top episode again changes nothing, and is not found.
  static func recentlyWatched(before: [Ids], after: [Ids]) -> [Ids] {
    var position: [Ids: Int] = [:]
    for (index, ids) in before.enumerated() where position[ids] == nil { position[ids] = index }
    var start = after.count
    var next = Int.max
    while start > 0, let place = position[after[start - 1]], place < next {
      next = place
      start -= 1
    }
    return Array(after[..<start])
  }
}

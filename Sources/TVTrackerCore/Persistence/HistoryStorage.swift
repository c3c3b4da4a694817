import Foundation

/// Saves the watched history: the one dependency of ``AppFeature`` that touches the disk.
///
/// A plain value of closures, so tests pass one that records what it was asked to save, or
/// one that fails.
struct HistoryStorage: Sendable {
  /// Saves the whole history, most recent first.
  var save: @Sendable (_ history: [Ids]) async throws -> Void

  /// Writes to `file` one save at a time, starting from what opening it found; never when
  /// `opened` gives a reason to block, which protects a file the app did not read from being
  /// replaced.
  ///
  /// - Parameters:
  ///   - file: The history file.
  ///   - opened: What opening `file` found: the history saves start from, and whether saving
  ///     is blocked.
  ///   - now: The clock that stamps each newly watched episode.
  /// - Returns: The storage.
  static func live(
    _ file: HistoryFile, opened: HistoryFile.Opened,
    now: @escaping @Sendable () -> Date = Date.init
  ) -> HistoryStorage {
    let writer = HistoryWriter(file: file, opened: opened, now: now)
    return HistoryStorage { history in try await writer.save(history) }
  }

  /// Keeps nothing: for previews and tests that do not look at saving.
  static let discarding = HistoryStorage { _ in }

  /// The message the Profile tab shows for a failed save.
  static func describe(_ error: any Error) -> String {
    (error as? HistoryFileError)?.description ?? "\(error)"
  }
}

/// Serializes writes, so that an older history never lands after a newer one, and keeps the
/// time each episode was watched, which the app state does not hold.
///
/// ``AppFeature`` cancels the previous save when it starts one; a cancelled save that has not
/// started writing yet gives up here, and one already writing finishes before the next begins.
/// So a save may stand for several watches: the writer compares each history with the one
/// before to find what was watched since (see ``recentlyWatched(before:after:)``).
actor HistoryWriter {
  let file: HistoryFile
  let blockedReason: String?
  private let now: @Sendable () -> Date
  /// The app's history as of the last save asked for.
  private var local: [Ids]
  /// The latest time each episode is known to have been watched: from the file, or stamped
  /// here.
  private var times: [Ids: Date] = [:]
  /// Episodes this process removed, and when, so a merge does not bring them back.
  private var removed: [Ids: Date] = [:]

  init(file: HistoryFile, opened: HistoryFile.Opened, now: @escaping @Sendable () -> Date) {
    self.file = file
    blockedReason = opened.blockedReason
    self.now = now
    local = opened.history
    for entry in opened.entries {
      if let time = entry.watchedAt { times[entry.ids] = time }
    }
  }

  func save(_ history: [Ids]) throws {
    try Task.checkCancellation()
    if let blockedReason { throw HistoryFileError(description: blockedReason) }
    stamp(history)
    let entries = history.map { HistoryEntry(ids: $0, watchedAt: times[$0]) }
    let saved = try file.save(entries, removed: removed)
    for entry in saved {
      if let time = entry.watchedAt { times[entry.ids] = time }
    }
  }

  /// Records the times of what changed between the last history and `history`.
  private func stamp(_ history: [Ids]) {
    let watched = Self.recentlyWatched(before: local, after: history)
    let kept = Set(history)
    let clock = Self.milliseconds(now())
    for ids in local where !kept.contains(ids) {
      removed[ids] = Self.date(clock)
      times[ids] = nil
    }
    // Newly watched episodes go above everything known, even a time from a clock that runs
    // ahead of this one, one millisecond apart to keep their order; in whole milliseconds, as
    // the file keeps them, so that a time read back compares equal.
    let latest = times.values.max().map { Self.milliseconds($0) + 1 } ?? clock
    let top = max(clock, latest) + Int64(max(0, watched.count - 1))
    for (index, ids) in watched.enumerated() {
      times[ids] = Self.date(top - Int64(index))
      removed[ids] = nil
    }
    local = history
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

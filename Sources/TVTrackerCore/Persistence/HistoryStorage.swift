/// Saves the watched history: the one dependency of ``AppFeature`` that touches the disk.
///
/// A plain value of closures, so tests pass one that records what it was asked to save, or
/// one that fails.
struct HistoryStorage: Sendable {
  /// Saves the whole history, most recent first.
  var save: @Sendable (_ history: [Ids]) async throws -> Void

  /// Writes to `file` one save at a time; never when `blockedBecause` gives a reason, which
  /// protects a file the app could not read from being replaced.
  static func live(_ file: HistoryFile, blockedBecause reason: String?) -> HistoryStorage {
    let writer = HistoryWriter(file: file, blockedReason: reason)
    return HistoryStorage { history in try await writer.save(history) }
  }

  /// Keeps nothing: for previews and tests that do not look at saving.
  static let discarding = HistoryStorage { _ in }

  /// The message the Profile tab shows for a failed save.
  static func describe(_ error: any Error) -> String {
    (error as? HistoryFileError)?.description ?? "\(error)"
  }
}

/// Serializes writes, so that an older history never lands after a newer one.
///
/// ``AppFeature`` cancels the previous save when it starts one; a cancelled save that has not
/// started writing yet gives up here, and one already writing finishes before the next begins.
private actor HistoryWriter {
  let file: HistoryFile
  let blockedReason: String?

  init(file: HistoryFile, blockedReason: String?) {
    self.file = file
    self.blockedReason = blockedReason
  }

  func save(_ history: [Ids]) throws {
    try Task.checkCancellation()
    if let blockedReason { throw HistoryFileError(description: blockedReason) }
    try file.save(history)
  }
}

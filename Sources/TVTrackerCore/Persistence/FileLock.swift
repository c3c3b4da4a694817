import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory `flock` on a file, held from ``acquire(_:timeout:onWait:)`` until ``release()``:
/// while one tv-tracker reads, merges and replaces the history, another waits.
///
/// Saving renames a new file over the old one, so a lock taken on the old file guards a name
/// that now means another file. After locking, the lock checks that the path still names the
/// file it locked, and starts again on the new one when it does not.
struct FileLock {
  /// The locked file, open for reading; what the saver reads the history from.
  let descriptor: Int32
  /// The locked file's status when the lock was taken.
  let status: POSIXFile.Status
  /// Whether there was no file, so the lock created an empty one to lock.
  let createdFile: Bool

  /// Waits for the lock on the file `path` names, creating an empty file (mode 0600) when there
  /// is none; an empty file reads as an empty history.
  ///
  /// - Parameters:
  ///   - path: The file to lock; not a symbolic link.
  ///   - timeout: How long to wait for another holder before giving up.
  ///   - onWait: Called once, when the lock is held by someone else.
  /// - Returns: The lock, held.
  /// - Throws: ``HistoryFileError`` when the file cannot be opened, when the wait times out,
  ///   and `CancellationError` when the task is cancelled while waiting.
  static func acquire(
    _ path: Path, timeout: Duration, onWait: () -> Void = {}
  ) throws -> FileLock {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var toldWaiting = false
    // Each pass that finds the file replaced under it starts over on the new one.
    for _ in 0..<1000 {
      var created = false
      var fd = open(path.string, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      if fd < 0, errno == ENOENT {
        fd = open(path.string, O_RDONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        created = fd >= 0
        if fd < 0, errno == EEXIST { continue }
      }
      guard fd >= 0 else {
        throw HistoryFileError(description: "cannot open \(path): \(POSIXFile.lastError())")
      }
      while flock(fd, LOCK_EX | LOCK_NB) != 0 {
        let reason = errno
        guard reason == EWOULDBLOCK || reason == EINTR else {
          close(fd)
          throw HistoryFileError(
            description: "cannot lock \(path): \(String(cString: strerror(reason)))")
        }
        if Task.isCancelled {
          close(fd)
          throw CancellationError()
        }
        guard clock.now < deadline else {
          close(fd)
          throw HistoryFileError(
            description: "another program has kept \(path) locked for \(timeout); not saved")
        }
        if !toldWaiting {
          toldWaiting = true
          onWait()
        }
        usleep(10_000)
      }
      var locked = stat()
      var named = stat()
      if fstat(fd, &locked) == 0, stat(path.string, &named) == 0,
        POSIXFile.Status(locked).isSameFile(as: POSIXFile.Status(named))
      {
        return FileLock(descriptor: fd, status: POSIXFile.Status(locked), createdFile: created)
      }
      close(fd)
    }
    throw HistoryFileError(description: "\(path) keeps changing; not saved")
  }

  /// Gives the lock up. When the lock created the file and nothing was written to it, the
  /// empty file goes too, so a failed save leaves nothing behind.
  func release(removingCreatedFileAt path: Path? = nil) {
    if createdFile, let path, let now = try? POSIXFile.status(of: path),
      now.isSameFile(as: status), now.size == 0
    {
      unlink(path.string)
    }
    close(descriptor)
  }
}

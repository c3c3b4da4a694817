import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the history file needs, in POSIX terms.
///
/// Foundation's file APIs would do, but their errors read differently on each platform; these
/// report the system's own words (`Permission denied`, `Not a directory`), which is what a user
/// needs to fix the problem.
enum POSIXFile {
  /// What `stat` says about a file.
  struct Status: Equatable {
    enum Kind: Equatable {
      case regular
      case folder
      /// A device, a pipe, a socket: nothing the app may read as a history or replace.
      case other
    }

    var kind: Kind
    var size: Int
    /// The permission bits, with set-user-ID, set-group-ID and sticky.
    var mode: mode_t
    var owner: uid_t
    var group: gid_t
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
      switch info.st_mode & S_IFMT {
      case S_IFREG: kind = .regular
      case S_IFDIR: kind = .folder
      default: kind = .other
      }
      size = Int(info.st_size)
      mode = info.st_mode & 0o7777
      owner = info.st_uid
      group = info.st_gid
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }

    /// Whether `other` is the same file, not merely one with the same name.
    func isSameFile(as other: Status) -> Bool {
      device == other.device && inode == other.inode
    }
  }

  /// The system's description of the current `errno`.
  static func lastError() -> String {
    String(cString: strerror(errno))
  }

  /// The status of the file `path` names, following symbolic links.
  ///
  /// - Returns: nil when there is no such file, including when a parent is not a folder.
  static func status(of path: Path) throws -> Status? {
    var info = stat()
    guard stat(path.string, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw HistoryFileError(description: "\(path): \(lastError())")
    }
    return Status(info)
  }

  static func exists(_ path: Path) -> Bool {
    var info = stat()
    return lstat(path.string, &info) == 0
  }

  /// The file that writing through `path` must replace: `path` itself, or, when it is a
  /// symbolic link, the file the chain of links ends at (which may not exist yet).
  ///
  /// Replacing a link with a regular file would leave its target out of date, so the app writes
  /// the target instead.
  static func resolvingLinks(_ path: Path) throws -> Path {
    var current = path
    // Linux gives up after 40 links too (ELOOP).
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current.string, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { return current }
        throw HistoryFileError(description: "\(current): \(lastError())")
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return current }
      current = current.parent.resolving(try linkTarget(current))
    }
    throw HistoryFileError(description: "\(path): too many levels of symbolic links")
  }

  private static func linkTarget(_ link: Path) throws -> Path {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link.string, &buffer, buffer.count - 1)
    guard count >= 0 else { throw HistoryFileError(description: "\(link): \(lastError())") }
    let bytes = buffer[0..<count].map { UInt8(bitPattern: $0) }
    return Path(String(decoding: bytes, as: UTF8.self))
  }

  /// Why the file `path` names must not be overwritten, or nil when it may be.
  ///
  /// `access` answers for the real user; for root it passes whatever the mode says, so a file
  /// without any write permission counts as read-only too: that is how a user says "leave it".
  static func readOnlyReason(_ path: Path, status: Status) -> String? {
    if access(path.string, W_OK) != 0 {
      return errno == EACCES ? "\(path) is read-only" : "cannot write \(path): \(lastError())"
    }
    return status.mode & 0o222 == 0 ? "\(path) is read-only" : nil
  }

  /// Why a new file cannot be created at `path`, or nil when it can; creates nothing.
  ///
  /// Looks for the nearest folder that exists on the way to `path`, which saving would create
  /// the rest under.
  static func createProblem(for path: Path) -> String? {
    var folder = path.parent
    while true {
      var info = stat()
      if stat(folder.string, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(folder) is not a folder" }
        guard access(folder.string, W_OK | X_OK) == 0 else {
          return "cannot write to \(folder): \(lastError())"
        }
        return nil
      }
      // Missing, or under a file: look further up for what is there.
      guard errno == ENOENT || errno == ENOTDIR else {
        return "cannot write to \(folder): \(lastError())"
      }
      let parent = folder.parent
      if parent == folder { return "cannot write to \(folder): \(lastError())" }
      folder = parent
    }
  }

  /// Reads the regular file `path`, refusing without reading it when it holds more than
  /// `limit` bytes.
  static func contents(of path: Path, limit: Int) throws -> Data {
    // Non-blocking, so that a pipe put in its place cannot hang the open.
    let fd = open(path.string, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw HistoryFileError(description: lastError()) }
    defer { close(fd) }
    return try contents(of: fd, limit: limit)
  }

  /// Reads the whole regular file open as `fd`, from its start.
  static func contents(of fd: Int32, limit: Int) throws -> Data {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw HistoryFileError(description: lastError()) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw HistoryFileError(description: "it is not a regular file")
    }
    guard info.st_size <= limit else { throw TooLarge(size: Int(info.st_size), limit: limit) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var offset: off_t = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
      if count < 0 {
        if errno == EINTR { continue }
        throw HistoryFileError(description: lastError())
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
      offset += off_t(count)
      // The file grew while being read.
      if data.count > limit { throw TooLarge(size: data.count, limit: limit) }
    }
  }

  /// A file larger than the caller is willing to read.
  struct TooLarge: Error, Equatable, CustomStringConvertible {
    var size: Int
    var limit: Int

    var description: String {
      "it holds more than \(limit >> 20) MiB, too much for a history file"
    }
  }

  /// Creates `folder` and its missing parents, like `mkdir -p`.
  static func makeDirectories(_ folder: Path) throws {
    var info = stat()
    if stat(folder.string, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw HistoryFileError(description: "\(folder) is not a folder")
      }
      return
    }
    guard errno == ENOENT else {
      throw HistoryFileError(description: "cannot write to \(folder): \(lastError())")
    }
    let parent = folder.parent
    if parent != folder { try makeDirectories(parent) }
    guard mkdir(folder.string, 0o755) == 0 || errno == EEXIST else {
      throw HistoryFileError(description: "cannot create \(folder): \(lastError())")
    }
  }

  /// Writes `data` to a new file next to `target`, flushes it to disk, renames it over
  /// `target`, then flushes the folder, so that after a crash a reader finds the old file or
  /// the new one, never half of one, and never neither.
  ///
  /// - Parameters:
  ///   - data: The new contents.
  ///   - target: The file to replace; not a symbolic link (see ``resolvingLinks(_:)``).
  ///   - existing: The file being replaced, whose mode and owner the new one keeps; nil for a
  ///     new file, which only its owner may read (the history is personal).
  /// - Throws: ``HistoryFileError`` when a step fails; `target` is then as it was.
  static func writeAtomically(_ data: Data, to target: Path, replacing existing: Status?) throws {
    let folder = target.parent
    try makeDirectories(folder)
    let (fd, temporary) = try createTemporaryFile(in: folder, for: target)
    let failure: String? = data.withUnsafeBytes { bytes in
      if let existing {
        // The owner first: a change of owner clears the set-user-ID bits the mode restores.
        if existing.owner != geteuid() || existing.group != getegid() {
          // Only root may give a file away; anyone else keeps the new file as their own.
          _ = fchown(fd, existing.owner, existing.group)
        }
        if fchmod(fd, existing.mode) != 0 { return lastError() }
      }
      var written = 0
      while written < bytes.count {
        let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return lastError()
        }
        written += count
      }
      return fsync(fd) == 0 ? nil : lastError()
    }
    close(fd)
    if let failure {
      unlink(temporary.string)
      throw HistoryFileError(description: "cannot write \(temporary): \(failure)")
    }
    guard rename(temporary.string, target.string) == 0 else {
      let reason = lastError()
      unlink(temporary.string)
      throw HistoryFileError(description: "cannot replace \(target): \(reason)")
    }
    syncFolder(folder)
  }

  /// Flushes a folder's entries, so that a rename in it survives a power cut.
  ///
  /// Best effort: some file systems refuse `fsync` on a folder, and the rename is done by then.
  private static func syncFolder(_ folder: Path) {
    let fd = open(folder.string, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  static func move(_ source: Path, to destination: Path) throws {
    guard rename(source.string, destination.string) == 0 else {
      throw HistoryFileError(description: lastError())
    }
  }

  /// The name of a temporary file for `name`: `.<name>.tmp-<pid>-<attempt>`.
  static func temporaryName(for name: String, process: pid_t, attempt: Int) -> String {
    ".\(name).tmp-\(process)-\(attempt)"
  }

  /// The process that made `entry` as a temporary file for `name`, or nil when `entry` is not
  /// named like one.
  static func temporaryFileOwner(_ entry: String, for name: String) -> pid_t? {
    let prefix = Array(".\(name).tmp-".utf8)
    let bytes = Array(entry.utf8)
    // Compared as bytes: String comparison would take "é" and "e\u{301}" for the same name.
    guard bytes.starts(with: prefix) else { return nil }
    let numbers = bytes[prefix.count...].split(
      separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard numbers.count == 2,
      numbers.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(isDigit) })
    else { return nil }
    return pid_t(String(decoding: numbers[0], as: UTF8.self))
  }

  /// Removes the temporary files that saves of `target` left behind when their process was
  /// killed: only files named like this app's, only regular files, and only those of processes
  /// that are gone, since a running one may be about to rename its file.
  ///
  /// - Returns: The names removed, sorted.
  @discardableResult
  static func removeStaleTemporaryFiles(for target: Path) -> [String] {
    guard let name = target.lastComponent,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: target.parent.string)
    else { return [] }
    var removed: [String] = []
    for entry in entries {
      guard let owner = temporaryFileOwner(entry, for: name) else { continue }
      // This process has saved nothing yet, so a file with its number is a dead one's.
      guard owner == getpid() || !isRunning(owner) else { continue }
      let path = target.parent.appending(entry)
      var info = stat()
      guard lstat(path.string, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      if unlink(path.string) == 0 { removed.append(entry) }
    }
    return removed.sorted()
  }

  private static func isRunning(_ process: pid_t) -> Bool {
    process > 0 && (kill(process, 0) == 0 || errno == EPERM)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func createTemporaryFile(
    in folder: Path, for target: Path
  ) throws -> (Int32, Path) {
    let name = target.lastComponent ?? "history"
    for attempt in 0..<100 {
      let temporary = folder.appending(
        temporaryName(for: name, process: getpid(), attempt: attempt))
      let fd = open(temporary.string, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd >= 0 { return (fd, temporary) }
      if errno != EEXIST {
        throw HistoryFileError(description: "cannot write to \(folder): \(lastError())")
      }
    }
    throw HistoryFileError(description: "cannot write to \(folder): too many temporary files")
  }
}

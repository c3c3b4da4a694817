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
  enum Kind {
    case missing
    case regular
    case other
  }

  /// The system's description of the current `errno`.
  static func lastError() -> String {
    String(cString: strerror(errno))
  }

  static func kind(of path: String) throws -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else {
      // Not there, or cannot be there because a parent is a file: either way, no history yet.
      if errno == ENOENT || errno == ENOTDIR { return .missing }
      throw HistoryFileError(description: lastError())
    }
    return (info.st_mode & S_IFMT) == S_IFREG ? .regular : .other
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  static func contents(of path: String) throws -> Data {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw HistoryFileError(description: lastError()) }
    defer { close(fd) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw HistoryFileError(description: lastError())
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Creates `directory` and its missing parents, like `mkdir -p`.
  static func makeDirectories(_ directory: String) throws {
    if directory.isEmpty { return }
    var info = stat()
    if stat(directory, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw HistoryFileError(description: "\(directory) is not a folder")
      }
      return
    }
    let parent = (directory as NSString).deletingLastPathComponent
    if parent != directory { try makeDirectories(parent) }
    guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
      throw HistoryFileError(description: "cannot create \(directory): \(lastError())")
    }
  }

  /// Writes `data` to a new file next to `path`, flushes it to disk, then renames it over
  /// `path`, so a reader sees the old file or the new one, never half of one.
  static func writeAtomically(_ data: Data, to path: String) throws {
    let directory = folder(of: path)
    try makeDirectories(directory)
    let (fd, temporary) = try createTemporaryFile(in: directory, for: path)
    var written = 0
    let failure: String? = data.withUnsafeBytes { bytes in
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
      unlink(temporary)
      throw HistoryFileError(description: "cannot write \(temporary): \(failure)")
    }
    guard rename(temporary, path) == 0 else {
      let reason = lastError()
      unlink(temporary)
      throw HistoryFileError(description: "cannot replace \(path): \(reason)")
    }
  }

  /// Checks that a file can be created next to `path`, creating its folder if needed.
  ///
  /// - Returns: Why not, or nil when it can.
  static func writeProblem(for path: String) -> String? {
    do {
      let directory = folder(of: path)
      try makeDirectories(directory)
      let (fd, temporary) = try createTemporaryFile(in: directory, for: path)
      close(fd)
      unlink(temporary)
      return nil
    } catch {
      return HistoryStorage.describe(error)
    }
  }

  static func move(_ source: String, to destination: String) throws {
    guard rename(source, destination) == 0 else {
      throw HistoryFileError(description: lastError())
    }
  }

  static func folder(of path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    return folder.isEmpty ? "." : folder
  }

  private static func createTemporaryFile(
    in directory: String, for path: String
  ) throws -> (Int32, String) {
    let name = (path as NSString).lastPathComponent
    for attempt in 0..<100 {
      let temporary = "\(directory)/.\(name).tmp-\(getpid())-\(attempt)"
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      if fd >= 0 { return (fd, temporary) }
      if errno != EEXIST {
        throw HistoryFileError(description: "cannot write to \(directory): \(lastError())")
      }
    }
    throw HistoryFileError(description: "cannot write to \(directory): too many temporary files")
  }
}

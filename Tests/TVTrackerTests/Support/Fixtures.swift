@_spi(Testing) import Conduit
import Foundation

@testable import TVTrackerCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - A small catalog, so expectations stay readable.

extension Catalog {
  /// Two shows: Breakwater (three episodes, with a poster) and Harbor Lights (two, without).
  static let test = Catalog(shows: [
    Show(
      id: 1, title: "Breakwater", network: "Northline",
      posterURL: URL(string: "https://images.example.com/posters/breakwater.jpg"),
      episodes: [
        Episode(ids: .breakwater1, title: "The Undertow", firstAired: day("2019-03-14")),
        Episode(ids: .breakwater2, title: "Slack Tide", firstAired: day("2019-03-21")),
        Episode(ids: .breakwater3, title: "Breaking Point", firstAired: nil),
      ]),
    Show(
      id: 5, title: "Harbor Lights", network: "Northline", posterURL: nil,
      episodes: [
        Episode(ids: .harbor1, title: "Landfall", firstAired: day("2015-10-05")),
        Episode(ids: .harbor2, title: "Fog Signal", firstAired: day("2015-10-12")),
      ]),
  ])

  private static func day(_ text: String) -> Date {
    ShortDate.date(from: text)!
  }
}

extension Ids {
  static let breakwater1 = Ids(show: 1, season: 1, episode: 1)
  static let breakwater2 = Ids(show: 1, season: 1, episode: 2)
  static let breakwater3 = Ids(show: 1, season: 1, episode: 3)
  static let harbor1 = Ids(show: 5, season: 1, episode: 1)
  static let harbor2 = Ids(show: 5, season: 1, episode: 2)
}

// MARK: - Stores and the app.

/// Records every history and notes the app asked to save; an actor, so effects may call it from
/// any task.
actor SaveLog {
  private(set) var saves: [SavedHistory] = []
  /// Errors to throw from the next saves, in order.
  private var failures: [HistoryFileError] = []

  /// The histories of the saves, without their notes.
  var histories: [[Ids]] { saves.map(\.watched) }

  func failNextSave(_ error: HistoryFileError) {
    failures.append(error)
  }

  func save(_ saved: SavedHistory) throws {
    if !failures.isEmpty { throw failures.removeFirst() }
    saves.append(saved)
  }

  nonisolated var storage: HistoryStorage {
    HistoryStorage { saved in try await self.save(saved) }
  }
}

extension HistoryStorage {
  /// Saves a history without notes.
  func save(_ history: [Ids]) async throws {
    try await save(SavedHistory(watched: history))
  }
}

@MainActor
func makeAppStore(
  history: [Ids] = [], notes: [Int: String] = [:], storage: HistoryStorage = .discarding,
  clock: any Clock<Duration> = ImmediateClock()
) -> Store<AppFeature.State, AppFeature.Action> {
  Store(
    initialState: AppFeature.State(
      catalog: .test, watchedHistory: history, notes: notes, historyPath: "history.json"),
    reducer: AppFeature(catalog: .test, clock: clock, storage: storage))
}

/// The render counts of the app's views, by name.
@MainActor
func renderCounts(_ app: TrackerApp) -> [String: Int] {
  Dictionary(uniqueKeysWithValues: app.hosts.map { ($0.name, $0.renderCount) })
}

/// Values recorded from any thread, such as the lines a callback was given.
final class Recorded<Value: Sendable>: Sendable {
  private let storage = Locked<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
}

/// A wall clock that moves only when a test says: what ``HistoryStorage`` stamps watches with.
/// It starts at 2026-01-01 00:00:00 UTC.
final class TestTime: Sendable {
  private let current = Locked(Date(timeIntervalSince1970: 1_767_225_600))

  var now: DateGenerator {
    DateGenerator { self.current.withLock { $0 } }
  }

  func advance(seconds: TimeInterval) {
    current.withLock { $0 += seconds }
  }
}

// MARK: - Files.

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
struct TemporaryFolder {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tv-tracker-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  func file(_ name: String) -> String {
    path + "/" + name
  }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() {
    // Give back write permission first, in case a test took it away.
    _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Whether taking write permission away from a folder really stops this process writing in it;
/// it does not for root, which these tests may run as.
func permissionsStopWrites() -> Bool {
  guard let folder = try? TemporaryFolder() else { return false }
  defer { folder.remove() }
  guard
    (try? FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: folder.path)) != nil
  else { return false }
  return !FileManager.default.createFile(atPath: folder.file("probe"), contents: Data())
}

// MARK: - The built app, driven through pipes.

/// The built `tv-tracker` running in line mode, with pipes on its standard input, output and
/// error, so a test talks to it as a program would: send a command, read its answer, and only
/// then send the next.
///
/// Reads wait with `poll` for output to arrive, up to a deadline that only a broken app
/// reaches; they never sleep.
final class RunningApp {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  /// Everything read from standard output and standard error so far, as bytes, since a read
  /// may end inside a character.
  private var outputBytes: [UInt8] = []
  private var errorBytes: [UInt8] = []
  private var marks = 0

  var outputText: String { String(decoding: outputBytes, as: UTF8.self) }
  var errorText: String { String(decoding: errorBytes, as: UTF8.self) }

  init(_ arguments: [String], in folder: TemporaryFolder) throws {
    // A write to an app that has exited must fail, not kill the tests.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = try EndToEndTests.executable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = folder.file("xdg")
    environment["HOME"] = folder.path
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Writes `text` to the app's standard input.
  func send(_ text: String) {
    let fd = input.fileHandleForWriting.fileDescriptor
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      bytes = bytes.dropFirst(count)
    }
  }

  /// Sends `command`, then reads its whole answer: everything up to the echo of a comment sent
  /// after it, which line mode prints once the command is done.
  ///
  /// - Returns: The answer, from the command's echo to just before the comment's.
  func answer(_ command: String) throws -> String {
    marks += 1
    let mark = "> # done \(marks)\n"
    let start = outputBytes.count
    send("\(command)\n# done \(marks)\n")
    try readOutput(until: { $0.hasSuffix(mark) })
    return String(decoding: outputBytes[start...].dropLast(mark.utf8.count), as: UTF8.self)
  }

  /// Reads standard output until `done` holds for all of it.
  func readOutput(until done: (String) -> Bool, within seconds: Int = 60) throws {
    try readPipe(output, into: \.outputBytes, until: done, within: seconds)
  }

  /// Reads standard error until `done` holds for all of it.
  func readErrors(until done: (String) -> Bool, within seconds: Int = 60) throws {
    try readPipe(errors, into: \.errorBytes, until: done, within: seconds)
  }

  /// Closes standard input, reads what is left, and waits for the app to exit.
  ///
  /// - Returns: The exit status, or 128 plus the signal number when a signal killed it.
  @discardableResult
  func finish() throws -> Int32 {
    try? input.fileHandleForWriting.close()
    return try waitForExit()
  }

  /// Reads what is left and waits for the app to exit, without closing its input.
  @discardableResult
  func waitForExit() throws -> Int32 {
    try readOutput(until: { _ in false })
    try readErrors(until: { _ in false })
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
  }

  func send(signal number: Int32) {
    kill(process.processIdentifier, number)
  }

  private struct Timeout: Error, CustomStringConvertible {
    var text: String
    var description: String { "no such output within the time allowed; got:\n\(text)" }
  }

  /// Reads from `pipe` until `done` holds or the pipe ends; throws when neither happens in
  /// time.
  private func readPipe(
    _ pipe: Pipe, into bytes: ReferenceWritableKeyPath<RunningApp, [UInt8]>,
    until done: (String) -> Bool, within seconds: Int
  ) throws {
    let fd = pipe.fileHandleForReading.fileDescriptor
    let deadline = ContinuousClock.now + .seconds(seconds)
    var buffer = [UInt8](repeating: 0, count: 65536)
    func text() -> String { String(decoding: self[keyPath: bytes], as: UTF8.self) }
    while !done(text()) {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { throw Timeout(text: text()) }
      var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&waiting, 1, Int32(left.components.seconds * 1000 + 1))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      self[keyPath: bytes] += buffer[0..<count]
    }
  }
}

#if canImport(Glibc)
  /// The built `tv-tracker` in its full-screen mode, on a pseudo-terminal the test holds the
  /// other end of: what a person at a terminal sees is what the test reads.
  final class TerminalApp {
    let process = Process()
    private let master: Int32
    private let slave: Int32
    private var outputBytes: [UInt8] = []

    /// Everything the app drew so far, escape sequences included.
    var outputText: String { String(decoding: outputBytes, as: UTF8.self) }

    init(_ arguments: [String], in folder: TemporaryFolder, width: Int, height: Int) throws {
      var master: Int32 = -1
      var slave: Int32 = -1
      var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
      guard openpty(&master, &slave, nil, nil, &size) == 0 else {
        throw DrawingTimeout(text: "cannot open a pseudo-terminal")
      }
      self.master = master
      self.slave = slave
      process.executableURL = try EndToEndTests.executable()
      process.arguments = arguments
      process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_DATA_HOME"] = folder.file("xdg")
      environment["HOME"] = folder.path
      environment["TERM"] = "xterm-256color"
      process.environment = environment
      let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
      process.standardInput = handle
      process.standardOutput = handle
      process.standardError = handle
      try process.run()
    }

    deinit {
      close(master)
      close(slave)
    }

    /// Sets the terminal's size; the app learns of it with the SIGWINCH a terminal would send.
    func resize(width: Int, height: Int) {
      var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text`, as keys.
    func type(_ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func send(signal number: Int32) {
      kill(process.processIdentifier, number)
    }

    /// Reads what the app draws until `done` holds for what was drawn since `start` (a count of
    /// bytes, from ``mark``).
    func read(from start: Int = 0, until done: (String) -> Bool, within seconds: Int = 60) throws {
      let deadline = ContinuousClock.now + .seconds(seconds)
      var buffer = [UInt8](repeating: 0, count: 65536)
      func text() -> String {
        String(decoding: outputBytes[min(start, outputBytes.count)...], as: UTF8.self)
      }
      while !done(text()) {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw DrawingTimeout(text: text().debugDescription) }
        var waiting = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiting, 1, Int32(left.components.seconds * 1000 + 1))
        guard ready > 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        if count <= 0 { return }
        outputBytes += buffer[0..<count]
      }
    }

    /// Where the output read so far ends, to read what comes after it.
    var mark: Int { outputBytes.count }

    /// Waits for the app to exit.
    ///
    /// - Returns: The exit status, or 128 plus the signal number when a signal killed it.
    func waitForExit() -> Int32 {
      process.waitUntilExit()
      return process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus
    }

    private struct DrawingTimeout: Error, CustomStringConvertible {
      var text: String
      var description: String { "no such drawing within the time allowed; got:\n\(text)" }
    }

    /// The terminal's local modes now, to check the app gave back the ones it found.
    var localModes: tcflag_t {
      // On the heap: `tcgetattr` writes the C struct's padding, past Swift's `termios`.
      let settings = TerminalSettings.allocate()
      defer { settings.deallocate() }
      _ = tcgetattr(slave, settings)
      return settings.pointee.c_lflag
    }
  }
#endif

// MARK: - Show screens.

extension ShowDetail.State {
  /// Breakwater's screen as pushed, before its episodes load.
  static let breakwater = ShowDetail.State(show: 1, title: "Breakwater", network: "Northline")
}

extension IdentifiedArray where ID == Ids, Element == EpisodeRow.State {
  /// Breakwater's three episode rows, with the given ones marked watched.
  static func breakwater(watched: Set<Ids> = []) -> Self {
    IdentifiedArray(uniqueElements: [
      EpisodeRow.State(
        ids: .breakwater1, number: 1, title: "The Undertow", aired: "2019-03-14",
        isWatched: watched.contains(.breakwater1)),
      EpisodeRow.State(
        ids: .breakwater2, number: 2, title: "Slack Tide", aired: "2019-03-21",
        isWatched: watched.contains(.breakwater2)),
      EpisodeRow.State(
        ids: .breakwater3, number: 3, title: "Breaking Point", aired: "",
        isWatched: watched.contains(.breakwater3)),
    ])
  }
}

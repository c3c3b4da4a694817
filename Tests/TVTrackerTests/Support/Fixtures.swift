@_spi(Testing) import Conduit
import Foundation

@testable import TVTrackerCore

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

/// Records every history the app asked to save; an actor, so effects may call it from any task.
actor SaveLog {
  private(set) var saves: [[Ids]] = []
  /// Errors to throw from the next saves, in order.
  private var failures: [HistoryFileError] = []

  func failNextSave(_ error: HistoryFileError) {
    failures.append(error)
  }

  func save(_ history: [Ids]) throws {
    if !failures.isEmpty { throw failures.removeFirst() }
    saves.append(history)
  }

  nonisolated var storage: HistoryStorage {
    HistoryStorage { history in try await self.save(history) }
  }
}

@MainActor
func makeAppStore(
  history: [Ids] = [], storage: HistoryStorage = .discarding,
  clock: any Clock<Duration> = ImmediateClock()
) -> Store<AppFeature.State, AppFeature.Action> {
  Store(
    initialState: AppFeature.State(
      catalog: .test, watchedHistory: history, historyPath: "history.json"),
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

  var now: @Sendable () -> Date {
    { self.current.withLock { $0 } }
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

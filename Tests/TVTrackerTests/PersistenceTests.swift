import Conduit
import Foundation
import Testing

@testable import TVTrackerCore

@Suite struct HistoryFileTests {
  private let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00:00 UTC

  @Test func aMissingFileStartsEmptyAndCanBeSaved() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("new/deeper/history.json"))

    let opened = file.open(now: now)

    #expect(opened == HistoryFile.Opened())
    // Opening created the folder to check it can save there, and left nothing else.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("new/deeper")) == [])
  }

  @Test func savedHistoryLoadsBackInOrder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("history.json"))

    try file.save([.harbor2, .breakwater1])

    #expect(try file.load() == [.harbor2, .breakwater1])
    #expect(try folder.contents() == ["history.json"])
  }

  @Test func savingReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("history.json"))

    try file.save([.harbor1])
    try file.save([.harbor2, .harbor1])

    #expect(try file.load() == [.harbor2, .harbor1])
    #expect(try folder.contents() == ["history.json"])
  }

  @Test func aCorruptFileIsMovedAsideWithANoticeNamingIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))

    let opened = HistoryFile(path: path).open(now: now)

    let aside = path + ".corrupt-20260101T000000Z"
    #expect(opened.history.isEmpty)
    #expect(
      opened.notices == [
        "cannot read the watched history in \(path) (it is not a valid history file); "
          + "moved it to \(aside) and started with an empty history."
      ])
    #expect(opened.saveProblem == nil)
    #expect(try folder.contents() == ["history.json.corrupt-20260101T000000Z"])
    #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{not json")
  }

  @Test func aSecondCorruptFileInTheSameSecondGetsItsOwnName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    for _ in 0..<2 {
      try Data("[]".utf8).write(to: URL(fileURLWithPath: path))
      _ = HistoryFile(path: path).open(now: now)
    }
    #expect(
      try folder.contents() == [
        "history.json.corrupt-20260101T000000Z", "history.json.corrupt-20260101T000000Z-2",
      ])
  }

  @Test func aNewerVersionIsMovedAsideRatherThanOverwritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try Data(#"{"version": 2, "watched": []}"#.utf8).write(to: URL(fileURLWithPath: path))

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.notices.first?.contains("it is version 2; this app reads version 1") == true)
    #expect(try folder.contents() == ["history.json.corrupt-20260101T000000Z"])
  }

  @Test func anUnreadablePathIsMovedAsideToo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A folder where the file should be cannot be read as a file, even by root.
    let path = folder.file("history.json")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.notices.first?.contains("(it is not a regular file)") == true)
    #expect(opened.blockedReason == nil)
    #expect(try folder.contents() == ["history.json.corrupt-20260101T000000Z"])
  }

  @Test func duplicateEntriesKeepTheirFirstPlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let json = """
      {"version": 1, "watched": [{"show": 5, "season": 1, "episode": 1},
        {"show": 1, "season": 1, "episode": 1}, {"show": 5, "season": 1, "episode": 1}]}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try HistoryFile(path: path).load() == [.harbor1, .breakwater1])
  }

  @Test func aFolderThatCannotExistMeansNoSavingButTheAppStarts() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A regular file where the data folder should be: unwritable for every user, root included.
    try Data().write(to: URL(fileURLWithPath: folder.file("data")))
    let path = folder.file("data/tv-tracker/history.json")

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.history.isEmpty)
    #expect(opened.blockedReason == nil)
    #expect(opened.saveProblem == "\(folder.file("data")) is not a folder")
    #expect(
      opened.notices == [
        "cannot save the watched history (\(folder.file("data")) is not a folder); "
          + "changes will last until you quit."
      ])
    #expect(throws: HistoryFileError.self) { try HistoryFile(path: path).save([.harbor1]) }
  }

  @Test(
    "a read-only data folder means no saving",
    .enabled(if: permissionsStopWrites(), "permissions do not stop root from writing"))
  func aReadOnlyFolderMeansNoSaving() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try HistoryFile(path: path).save([.harbor1])
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.history == [.harbor1])
    #expect(opened.saveProblem == "cannot write to \(folder.path): Permission denied")
    #expect(throws: HistoryFileError.self) { try HistoryFile(path: path).save([]) }
  }

  @Test(
    "a corrupt file that cannot be moved aside is kept, and nothing is saved",
    .enabled(if: permissionsStopWrites(), "permissions do not stop root from writing"))
  func aCorruptFileThatCannotMoveBlocksSaving() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

    let opened = HistoryFile(path: path).open(now: now)
    let storage = HistoryStorage.live(HistoryFile(path: path), blockedBecause: opened.blockedReason)

    #expect(opened.blockedReason == "\(path) could not be read and is kept as it is")
    await #expect(throws: HistoryFileError.self) { try await storage.save([.harbor1]) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "garbage")
  }
}

@MainActor
@Suite struct SavingAppTests {
  @Test func theAppRunsWithAnUnwritableFolderAndTheProfileSaysWhy() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data().write(to: URL(fileURLWithPath: folder.file("data")))
    let file = HistoryFile(path: folder.file("data/history.json"))
    let opened = file.open()
    let store = Store(
      initialState: AppFeature.State(
        catalog: .test, historyPath: file.path, saveProblem: opened.saveProblem),
      reducer: AppFeature(
        catalog: .test, clock: ImmediateClock(),
        storage: .live(file, blockedBecause: opened.blockedReason)))
    let app = TrackerApp(store: store)

    await app.type("fog").finish()
    app.select(.search)
    try await app.watch(number: 1).finish()

    #expect(app.store.watchedHistory == [.harbor2])
    #expect(app.profile.viewModel.saveProblem == "\(folder.file("data")) is not a folder")
  }

  @Test func watchingWritesTheFileThroughTheLiveStorage() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("history.json"))
    let app = TrackerApp(
      store: Store(
        initialState: AppFeature.State(catalog: .test, historyPath: file.path),
        reducer: AppFeature(
          catalog: .test, clock: ImmediateClock(), storage: .live(file, blockedBecause: nil))))
    app.select(.search)
    await app.type("harbor").finish()

    try await app.watch(number: 2).finish()
    try await app.watch(number: 1).finish()

    #expect(try file.load() == [.harbor1, .harbor2])
  }
}

@Suite struct HistoryLocationTests {
  @Test func usesAnAbsoluteXDGDataHome() {
    let path = HistoryLocation.defaultPath(
      environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"], home: "/root")
    #expect(path == "/data/tv-tracker/history.json")
  }

  @Test func ignoresARelativeXDGDataHome() {
    let path = HistoryLocation.defaultPath(
      environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ada/"], home: "/root")
    #expect(path == "/home/ada/.local/share/tv-tracker/history.json")
  }

  @Test func fallsBackToTheGivenHome() {
    #expect(
      HistoryLocation.defaultPath(environment: [:], home: "/root")
        == "/root/.local/share/tv-tracker/history.json")
  }
}

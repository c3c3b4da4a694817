@_spi(Testing) import Conduit
import Foundation
import Testing

@testable import TVTrackerCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct HistoryFileTests {
  private let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00:00 UTC

  @Test func aMissingFileStartsEmptyAndOpeningCreatesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("new/deeper/history.json"))

    let opened = file.open(now: now)

    #expect(opened == HistoryFile.Opened())
    #expect(try folder.contents() == [])
  }

  @Test func theFirstSaveCreatesTheMissingFolders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = HistoryFile(path: folder.file("new/deeper/history.json"))

    try file.save([.harbor1])

    #expect(try file.load() == [.harbor1])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("new/deeper"))
        == ["history.json"])
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

  @Test func aNewFileIsReadableByItsOwnerOnly() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")

    try HistoryFile(path: path).save([.harbor1])

    #expect(try permissions(of: path) == 0o600)
  }

  @Test func savingKeepsTheModeOfTheFileItReplaces() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try HistoryFile(path: path).save([.harbor1])
    #expect(chmod(path, 0o640) == 0)

    try HistoryFile(path: path).save([.harbor2, .harbor1])

    #expect(try permissions(of: path) == 0o640)
    #expect(try HistoryFile(path: path).load() == [.harbor2, .harbor1])
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
  func savingAsRootKeepsTheOwnerOfTheFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try HistoryFile(path: path).save([.harbor1])
    #expect(chown(path, 4321, 4321) == 0)

    try HistoryFile(path: path).save([.harbor2, .harbor1])

    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_uid == 4321)
    #expect(info.st_gid == 4321)
  }

  @Test func savingThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("real"), withIntermediateDirectories: false)
    let target = folder.file("real/history.json")
    try HistoryFile(path: target).save([.harbor1])
    // A relative link, read relative to the folder it is in.
    #expect(symlink("real/history.json", folder.file("history.json")) == 0)

    try HistoryFile(path: folder.file("history.json")).save([.harbor2, .harbor1])

    #expect(try linkTarget(folder.file("history.json")) == "real/history.json")
    #expect(try HistoryFile(path: target).load() == [.harbor2, .harbor1])
    #expect(try folder.contents() == ["history.json", "real"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("real"))
        == ["history.json"])
  }

  @Test func aLinkToAMissingFileCreatesTheTarget() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(symlink(folder.file("elsewhere.json"), folder.file("history.json")) == 0)

    try HistoryFile(path: folder.file("history.json")).save([.harbor1])

    #expect(try linkTarget(folder.file("history.json")) == folder.file("elsewhere.json"))
    #expect(try HistoryFile(path: folder.file("elsewhere.json")).load() == [.harbor1])
  }

  @Test func aReadOnlyFileIsNeverOverwrittenEvenByRoot() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try HistoryFile(path: path).save([.harbor1])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o444) == 0)

    let file = HistoryFile(path: path)
    let opened = file.open(now: now)
    let storage = HistoryStorage.live(file, opened: opened)

    #expect(opened.history == [.harbor1])
    #expect(opened.saveProblem == "\(path) is read-only")
    #expect(
      opened.notices == [
        "cannot save the watched history (\(path) is read-only); changes will last until you quit."
      ])
    await #expect(throws: HistoryFileError(description: "\(path) is read-only")) {
      try await storage.save([.harbor2, .harbor1])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try permissions(of: path) == 0o444)
  }

  @Test func aDamagedHistoryIsMovedAsideWithANoticeNamingIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let damaged = #"{"version": 1, "watched": [{"show": 5,"#
    try Data(damaged.utf8).write(to: URL(fileURLWithPath: path))

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
    #expect(try String(contentsOfFile: aside, encoding: .utf8) == damaged)
  }

  @Test func aSecondDamagedFileInTheSameSecondGetsItsOwnName() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    for _ in 0..<2 {
      try Data(#"{"watched": "#.utf8).write(to: URL(fileURLWithPath: path))
      _ = HistoryFile(path: path).open(now: now)
    }
    #expect(
      try folder.contents() == [
        "history.json.corrupt-20260101T000000Z", "history.json.corrupt-20260101T000000Z-2",
      ])
  }

  @Test func aFileThatIsNotAHistoryIsLeftAsItIsAndSavingIsOff() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("notes.txt")
    try Data("Remember the milk.\n".utf8).write(to: URL(fileURLWithPath: path))

    let file = HistoryFile(path: path)
    let opened = file.open(now: now)
    let storage = HistoryStorage.live(file, opened: opened)

    #expect(opened.blockedReason == "\(path) is not a tv-tracker history file")
    #expect(
      opened.notices == [
        "\(path) is not a tv-tracker history file; left it as it is, and will not save."
      ])
    await #expect(throws: HistoryFileError.self) { try await storage.save([.harbor1]) }
    #expect(try folder.contents() == ["notes.txt"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Remember the milk.\n")
  }

  @Test func aNewerVersionIsLeftUntouchedAndSavingIsOff() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let newer = #"{"version": 2, "watched": {"episodes": []}}"#
    try Data(newer.utf8).write(to: URL(fileURLWithPath: path))

    let file = HistoryFile(path: path)
    let opened = file.open(now: now)
    let storage = HistoryStorage.live(file, opened: opened)

    let reason =
      "\(path) was written by a newer tv-tracker (file version 2; this one reads version 1)"
    #expect(opened.notices == ["\(reason); left it as it is, and will not save."])
    #expect(opened.saveProblem == reason)
    await #expect(throws: HistoryFileError(description: reason)) {
      try await storage.save([.harbor1])
    }
    #expect(try folder.contents() == ["history.json"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == newer)
  }

  @Test func aFileTooLargeForAHistoryIsRefusedAndLeftAsItIs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    // Sparse: the size is there, the disk space is not.
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, off_t(HistoryFile.sizeLimit + 1)) == 0)

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.history.isEmpty)
    #expect(
      opened.blockedReason == "\(path) is 65 MiB, too large for a history file (at most 64 MiB)")
    #expect(try folder.contents() == ["history.json"])
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        == HistoryFile.sizeLimit + 1)
  }

  @Test func aFolderWhereTheFileShouldBeIsNeitherMovedNorReplaced() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try Data().write(to: URL(fileURLWithPath: folder.file("history.json/keep")))

    let file = HistoryFile(path: path)
    let opened = file.open(now: now)
    let storage = HistoryStorage.live(file, opened: opened)

    #expect(opened.blockedReason == "\(path) is not a regular file")
    await #expect(throws: HistoryFileError.self) { try await storage.save([.harbor1]) }
    #expect(try folder.contents() == ["history.json"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["keep"])
  }

  @Test func anEmptyFileIsAnEmptyHistory() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened == HistoryFile.Opened())
    #expect(try folder.contents() == ["history.json"])
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

  @Test func openingRemovesTheTemporaryFilesOfKilledSavesOnly() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("h.json")
    try HistoryFile(path: path).save([.harbor1])
    // No process can have the largest pid; pid 1 always runs.
    let dead = ".h.json.tmp-\(Int32.max)-0"
    let mine = ".h.json.tmp-\(getpid())-3"
    let running = ".h.json.tmp-1-0"
    let others = [
      ".h.json.tmp-\(Int32.max)-0.bak", ".other.json.tmp-\(Int32.max)-0",
      "h.json.tmp-\(Int32.max)-0",
      ".h.json.tmp-x-0", ".h.json.tmp-\(Int32.max)-",
    ]
    for name in [dead, mine, running] + others {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder.file(name)))
    }

    let opened = HistoryFile(path: path).open(now: now)

    #expect(opened.history == [.harbor1])
    #expect(try folder.contents() == ([running, "h.json"] + others).sorted())
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
    #expect(try folder.contents() == ["data"])
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
    "a damaged file that cannot be moved aside is kept, and nothing is saved",
    .enabled(if: permissionsStopWrites(), "permissions do not stop root from writing"))
  func aDamagedFileThatCannotMoveBlocksSaving() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try Data(#"{"version": 1,"#.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

    let file = HistoryFile(path: path)
    let opened = file.open(now: now)
    let storage = HistoryStorage.live(file, opened: opened)

    #expect(opened.blockedReason == "\(path) could not be read and is kept as it is")
    await #expect(throws: HistoryFileError.self) { try await storage.save([.harbor1]) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"version": 1,"#)
  }

  @Test func pathsThatCanOnlyBeFoldersAreRefusedBeforeAnythingIsTouched() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("adir"), withIntermediateDirectories: false)
    #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
    #expect(symlink("adir", folder.file("link-to-folder")) == 0)

    #expect(
      HistoryFile.pathProblem(folder.file("adir"))
        == "'\(folder.file("adir"))' is a folder, not a file")
    #expect(HistoryFile.pathProblem(folder.file("link-to-folder")) != nil)
    #expect(
      HistoryFile.pathProblem(folder.file("fifo"))
        == "'\(folder.file("fifo"))' is not a regular file")
    for path in [".", "..", "/", "missing/", "a/.", "a/.."] {
      #expect(HistoryFile.pathProblem(path) == "'\(path)' names a folder, not a file")
    }
    #expect(HistoryFile.pathProblem(folder.file("missing.json")) == nil)
    #expect(HistoryFile.pathProblem(folder.file("missing/history.json")) == nil)
    #expect(try folder.contents() == ["adir", "fifo", "link-to-folder"])
  }

  @Test func aSaveWaitsForTheLockAndGivesUpWhenItIsKeptTooLong() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try HistoryFile(path: path).save([.harbor1])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let holder = open(path, O_RDONLY)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let waits = Recorded<String>()
    var file = HistoryFile(path: path)
    file.lockTimeout = .milliseconds(50)
    file.onLockWait = { waits.append($0) }

    #expect(throws: HistoryFileError.self) { try file.save([.harbor2]) }

    #expect(waits.values == ["waiting for another tv-tracker to finish saving \(path)"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func savingMergesWithWhatAnotherInstanceSavedMeanwhile() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let first = HistoryFile(path: path)
    let second = HistoryFile(path: path)
    let one = HistoryStorage.live(first, opened: first.open(now: now), now: clock.now)
    let two = HistoryStorage.live(second, opened: second.open(now: now), now: clock.now)

    try await one.save([.harbor1])
    clock.advance(seconds: 1)
    try await two.save([.breakwater1])
    clock.advance(seconds: 1)
    try await one.save([.harbor2, .harbor1])

    #expect(try HistoryFile(path: path).load() == [.harbor2, .breakwater1, .harbor1])
  }

  @Test func anEpisodeRemovedHereStaysRemovedUnlessWatchedAgainElsewhereLater() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let seed = HistoryFile(path: path)
    try await HistoryStorage.live(seed, opened: seed.open(now: now), now: clock.now)
      .save([.harbor1, .harbor2])
    let here = HistoryFile(path: path)
    let elsewhere = HistoryFile(path: path)
    let mine = HistoryStorage.live(here, opened: here.open(now: now), now: clock.now)
    let theirs = HistoryStorage.live(elsewhere, opened: elsewhere.open(now: now), now: clock.now)

    clock.advance(seconds: 1)
    try await mine.save([.harbor1])
    #expect(try HistoryFile(path: path).load() == [.harbor1])

    clock.advance(seconds: 1)
    try await theirs.save([.harbor2, .harbor1])
    clock.advance(seconds: 1)
    try await mine.save([.breakwater1, .harbor1])
    #expect(try HistoryFile(path: path).load() == [.breakwater1, .harbor2, .harbor1])
  }

  @Test func anUnwatchSurvivesASaveByAnInstanceThatStillShowsTheEpisode() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let seed = HistoryFile(path: path)
    try await HistoryStorage.live(seed, opened: seed.open(now: now), now: clock.now)
      .save([.harbor1, .harbor2])
    let here = HistoryFile(path: path)
    let elsewhere = HistoryFile(path: path)
    let mine = HistoryStorage.live(here, opened: here.open(now: now), now: clock.now)
    let theirs = HistoryStorage.live(elsewhere, opened: elsewhere.open(now: now), now: clock.now)

    clock.advance(seconds: 1)
    try await mine.save([.harbor1])
    // The other instance still shows Fog Signal watched, and saves a watch of its own.
    clock.advance(seconds: 1)
    try await theirs.save([.breakwater1, .harbor1, .harbor2])

    let contents = try HistoryFile(path: path).loadContents()
    #expect(contents.history == [.breakwater1, .harbor1])
    #expect(contents.unwatched.map(\.ids) == [.harbor2])
  }

  @Test func anUnwatchIsStampedAfterTheWatchItUndoesEvenFromAClockThatRanAhead() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let ahead = clock.now() + 3_600
    try HistoryDocument.encode([HistoryEntry(ids: .harbor1, watchedAt: ahead)])
      .write(to: URL(fileURLWithPath: path))
    let file = HistoryFile(path: path)
    let storage = HistoryStorage.live(file, opened: file.open(now: now), now: clock.now)

    try await storage.save([])

    let unwatched = try file.loadContents().unwatched
    #expect(unwatched.map(\.ids) == [.harbor1])
    // One millisecond after the watch, an hour ahead of this clock.
    #expect(
      unwatched.map { HistoryEntry.string(from: $0.unwatchedAt) } == ["2026-01-01T01:00:00.001Z"])
  }

  @Test func theLatestNoteEditWinsWhicheverInstanceSavesLast() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let here = HistoryFile(path: path)
    let elsewhere = HistoryFile(path: path)
    let mine = HistoryStorage.live(here, opened: here.open(now: now), now: clock.now)
    let theirs = HistoryStorage.live(elsewhere, opened: elsewhere.open(now: now), now: clock.now)

    try await mine.save(SavedHistory(watched: [], notes: [5: "mine"]))
    clock.advance(seconds: 1)
    try await theirs.save(SavedHistory(watched: [], notes: [5: "theirs"]))
    #expect(try HistoryFile(path: path).loadContents().noteTexts == [5: "theirs"])

    // Still showing its own, older note, this instance saves a watch: the newer note stays.
    clock.advance(seconds: 1)
    try await mine.save(SavedHistory(watched: [.harbor1], notes: [5: "mine"]))
    #expect(try HistoryFile(path: path).loadContents().noteTexts == [5: "theirs"])

    clock.advance(seconds: 1)
    try await mine.save(SavedHistory(watched: [.harbor1], notes: [5: "mine, edited"]))
    #expect(try HistoryFile(path: path).loadContents().noteTexts == [5: "mine, edited"])
  }

  @Test func aClearedNoteStaysClearedWhenAnotherInstanceSavesTheOldOne() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let seed = HistoryFile(path: path)
    try await HistoryStorage.live(seed, opened: seed.open(now: now), now: clock.now)
      .save(SavedHistory(watched: [], notes: [1: "old"]))
    let here = HistoryFile(path: path)
    let elsewhere = HistoryFile(path: path)
    let mine = HistoryStorage.live(here, opened: here.open(now: now), now: clock.now)
    let theirs = HistoryStorage.live(elsewhere, opened: elsewhere.open(now: now), now: clock.now)

    clock.advance(seconds: 1)
    try await mine.save(SavedHistory(watched: [], notes: [:]))
    clock.advance(seconds: 1)
    try await theirs.save(SavedHistory(watched: [.harbor1], notes: [1: "old"]))

    let contents = try HistoryFile(path: path).loadContents()
    #expect(contents.noteTexts == [:])
    #expect(contents.history == [.harbor1])
  }
}

@Suite struct HistoryWriterTests {
  @Test func findsTheEpisodesPutOnTopSinceTheLastHistory() {
    #expect(HistoryWriter.recentlyWatched(before: [], after: [.harbor1]) == [.harbor1])
    #expect(
      HistoryWriter.recentlyWatched(
        before: [.harbor1, .harbor2, .breakwater1], after: [.harbor2, .harbor1, .breakwater1])
        == [.harbor2])
    // Two watches in one save, the older one again.
    #expect(
      HistoryWriter.recentlyWatched(
        before: [.harbor1, .harbor2], after: [.breakwater1, .harbor2, .harbor1])
        == [.breakwater1, .harbor2])
    #expect(
      HistoryWriter.recentlyWatched(before: [.harbor1, .harbor2], after: [.harbor2]).isEmpty)
    #expect(
      HistoryWriter.recentlyWatched(before: [.harbor1, .harbor2], after: [.harbor1, .harbor2])
        .isEmpty)
  }

  @Test func stampsNewlyWatchedEpisodesWithTheTimeOfTheSave() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    let clock = TestTime()
    let file = HistoryFile(path: path)
    let storage = HistoryStorage.live(file, opened: file.open(), now: clock.now)

    try await storage.save([.harbor1])
    clock.advance(seconds: 60)
    try await storage.save([.harbor2, .harbor1])

    let text = try String(contentsOfFile: path, encoding: .utf8)
    let times = text.split(separator: "\n").filter { $0.contains("watchedAt") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      times == [
        #""watchedAt" : "2026-01-01T00:01:00.000Z""#,
        #""watchedAt" : "2026-01-01T00:00:00.000Z""#,
      ])
  }
}

@Suite struct HistoryDocumentTests {
  private let watched = Date(timeIntervalSince1970: 1_767_298_500.25)  // 2026-01-01T20:15:00.250Z

  @Test func readsAndWritesEntriesWithAndWithoutTimes() {
    let entries = [
      HistoryEntry(ids: .harbor2, watchedAt: watched), HistoryEntry(ids: .harbor1),
    ]
    let data = HistoryDocument.encode(entries)

    #expect(HistoryDocument.read(data) == .history(HistoryDocument.Contents(watched: entries)))
    #expect(String(decoding: data, as: UTF8.self).contains(#""2026-01-01T20:15:00.250Z""#))
  }

  @Test func timesSurviveManyRoundTripsToTheMillisecond() {
    var entries = [
      HistoryEntry(ids: .harbor1, watchedAt: Date(timeIntervalSince1970: 1_764_573_470.357))
    ]
    for _ in 0..<5 {
      guard case .history(let read) = HistoryDocument.read(HistoryDocument.encode(entries)) else {
        Issue.record("did not read back")
        return
      }
      entries = read.watched
    }
    #expect(entries.first?.watchedAt.map(HistoryEntry.string(from:)) == "2025-12-01T07:17:50.357Z")
  }

  @Test func aTimeThatDoesNotReadIsDroppedNotTheFile() {
    let json =
      #"{"version": 1, "watched": [{"show": 5, "season": 1, "episode": 1, "watchedAt": "soon"}]}"#
    #expect(
      HistoryDocument.read(Data(json.utf8))
        == .history(HistoryDocument.Contents(watched: [HistoryEntry(ids: .harbor1)])))
  }

  @Test func tellsNewerDamagedAndForeignFilesApart() {
    #expect(HistoryDocument.read(Data(#"{"version": 7}"#.utf8)) == .newer(version: 7))
    #expect(
      HistoryDocument.read(Data(#"{"version": 1, "watched": 3}"#.utf8))
        == .damaged(reason: "it is not a valid history file"))
    #expect(
      HistoryDocument.read(Data(#"{"version": 0, "watched": []}"#.utf8))
        == .damaged(reason: "it says version 0, which no tv-tracker wrote"))
    #expect(
      HistoryDocument.read(Data("  {\"watched\": [".utf8))
        == .damaged(reason: "it is not a valid history file"))
    #expect(HistoryDocument.read(Data("[]".utf8)) == .foreign)
    #expect(HistoryDocument.read(Data(#"{"colour": "red"}"#.utf8)) == .foreign)
    #expect(HistoryDocument.read(Data([0xFF, 0x00, 0x7B])) == .foreign)
    #expect(HistoryDocument.read(Data(" \n".utf8)) == .history(HistoryDocument.Contents()))
  }

  @Test func mergeKeepsEveryEpisodeWithItsLatestTimeMostRecentFirst() {
    let ours = [
      HistoryEntry(ids: .harbor2, watchedAt: t(30)), HistoryEntry(ids: .harbor1, watchedAt: t(10)),
    ]
    let theirs = [
      HistoryEntry(ids: .harbor1, watchedAt: t(40)),
      HistoryEntry(ids: .breakwater1, watchedAt: t(20)), HistoryEntry(ids: .breakwater2),
    ]

    let merged = HistoryDocument.merge(
      ours: .init(watched: ours), theirs: .init(watched: theirs))

    #expect(
      merged.watched == [
        HistoryEntry(ids: .harbor1, watchedAt: t(40)),
        HistoryEntry(ids: .harbor2, watchedAt: t(30)),
        HistoryEntry(ids: .breakwater1, watchedAt: t(20)),
        HistoryEntry(ids: .breakwater2),
      ])
    #expect(merged.unwatched.isEmpty)
  }

  @Test func mergeDropsWhatWasUnwatchedAfterTheyWatchedIt() {
    let theirs = [
      HistoryEntry(ids: .harbor1, watchedAt: t(10)), HistoryEntry(ids: .harbor2, watchedAt: t(50)),
      HistoryEntry(ids: .breakwater1),
    ]
    let ours = HistoryDocument.Contents(
      unwatched: [.harbor1, .harbor2, .breakwater1].map {
        UnwatchedEntry(ids: $0, unwatchedAt: t(20))
      })

    let merged = HistoryDocument.merge(ours: ours, theirs: .init(watched: theirs))

    #expect(merged.watched == [HistoryEntry(ids: .harbor2, watchedAt: t(50))])
    #expect(
      merged.unwatched == [
        UnwatchedEntry(ids: .breakwater1, unwatchedAt: t(20)),
        UnwatchedEntry(ids: .harbor1, unwatchedAt: t(20)),
      ])
  }

  @Test func mergeKeepsTheLatestOfWatchAndUnwatchFromEitherSide() {
    // Ours still holds two watches the file has un-watched since: one before, one after.
    let ours = HistoryDocument.Contents(watched: [
      HistoryEntry(ids: .harbor2, watchedAt: t(30)), HistoryEntry(ids: .harbor1, watchedAt: t(10)),
    ])
    let theirs = HistoryDocument.Contents(unwatched: [
      UnwatchedEntry(ids: .harbor1, unwatchedAt: t(20)),
      UnwatchedEntry(ids: .harbor2, unwatchedAt: t(20)),
    ])

    let merged = HistoryDocument.merge(ours: ours, theirs: theirs)

    #expect(merged.watched == [HistoryEntry(ids: .harbor2, watchedAt: t(30))])
    #expect(merged.unwatched == [UnwatchedEntry(ids: .harbor1, unwatchedAt: t(20))])
  }

  @Test func anUnwatchOutranksAWatchAtTheSameTimeAndOneWithoutATime() {
    let ours = HistoryDocument.Contents(watched: [
      HistoryEntry(ids: .harbor1, watchedAt: t(20)), HistoryEntry(ids: .harbor2),
    ])
    let theirs = HistoryDocument.Contents(unwatched: [
      UnwatchedEntry(ids: .harbor1, unwatchedAt: t(20)),
      UnwatchedEntry(ids: .harbor2, unwatchedAt: t(1)),
    ])

    let merged = HistoryDocument.merge(ours: ours, theirs: theirs)

    #expect(merged.watched.isEmpty)
    #expect(merged.unwatched.map(\.ids) == [.harbor1, .harbor2])
  }

  @Test func mergeKeepsTheLatestEditOfEachNoteClearedOnesIncluded() {
    let ours = HistoryDocument.Contents(notes: [
      NoteEntry(show: 1, text: "mine, older", editedAt: t(10)),
      NoteEntry(show: 5, text: "", editedAt: t(30)),
      NoteEntry(show: 7, text: "mine, same time", editedAt: t(40)),
    ])
    let theirs = HistoryDocument.Contents(notes: [
      NoteEntry(show: 1, text: "theirs, newer", editedAt: t(20)),
      NoteEntry(show: 5, text: "theirs, before I cleared it", editedAt: t(20)),
      NoteEntry(show: 7, text: "theirs, same time", editedAt: t(40)),
      NoteEntry(show: 9, text: "only theirs", editedAt: nil),
    ])

    let merged = HistoryDocument.merge(ours: ours, theirs: theirs)

    #expect(
      merged.notes == [
        NoteEntry(show: 1, text: "theirs, newer", editedAt: t(20)),
        NoteEntry(show: 5, text: "", editedAt: t(30)),
        NoteEntry(show: 7, text: "mine, same time", editedAt: t(40)),
        NoteEntry(show: 9, text: "only theirs", editedAt: nil),
      ])
    #expect(merged.noteTexts == [1: "theirs, newer", 7: "mine, same time", 9: "only theirs"])
  }

  @Test func unwatchesAndNotesRoundTripWithTheirTimes() {
    let contents = HistoryDocument.Contents(
      watched: [HistoryEntry(ids: .harbor2, watchedAt: watched)],
      unwatched: [UnwatchedEntry(ids: .harbor1, unwatchedAt: watched)],
      notes: [NoteEntry(show: 5, text: "Fog \"horn\" 🌫️", editedAt: watched)])

    #expect(HistoryDocument.read(HistoryDocument.encode(contents)) == .history(contents))
  }

  @Test func aFileWithoutUnwatchesOrNotesHasOnlyTheKeysOlderVersionsWrote() throws {
    let data = HistoryDocument.encode(
      HistoryDocument.Contents(watched: [HistoryEntry(ids: .harbor1, watchedAt: watched)]))

    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object.keys.sorted() == ["version", "watched"])
  }

  @Test func anOlderTvTrackerStillReadsAFileWithUnwatchesAndNotes() throws {
    let data = HistoryDocument.encode(
      HistoryDocument.Contents(
        watched: [HistoryEntry(ids: .harbor2, watchedAt: watched), HistoryEntry(ids: .harbor1)],
        unwatched: [UnwatchedEntry(ids: .breakwater1, unwatchedAt: watched)],
        notes: [NoteEntry(show: 5, text: "Fog", editedAt: watched)]))

    let file = try JSONDecoder().decode(OlderFile.self, from: data)

    #expect(file.version == 1)
    #expect(file.watched.map(\.episode) == [2, 1])
    #expect(file.watched.map(\.watchedAt) == ["2026-01-01T20:15:00.250Z", nil])
  }

  @Test func aFileAnOlderTvTrackerWroteStillLoads() {
    let json = """
      {
        "version" : 1,
        "watched" : [
          {"episode" : 2, "season" : 1, "show" : 5, "watchedAt" : "2026-01-01T20:15:00.250Z"},
          {"episode" : 1, "season" : 1, "show" : 5}
        ]
      }
      """

    #expect(
      HistoryDocument.read(Data(json.utf8))
        == .history(
          HistoryDocument.Contents(watched: [
            HistoryEntry(ids: .harbor2, watchedAt: watched), HistoryEntry(ids: .harbor1),
          ])))
  }

  @Test func anUnwatchWhoseTimeDoesNotReadIsDroppedNotTheFile() {
    let json = #"""
      {"version": 1, "watched": [],
       "unwatched": [{"show": 5, "season": 1, "episode": 1, "unwatchedAt": "later"},
                     {"show": 5, "season": 1, "episode": 2, "unwatchedAt": "2026-01-01T20:15:00.250Z"}],
       "notes": [{"show": 5, "text": "Fog", "editedAt": "then"}]}
      """#

    #expect(
      HistoryDocument.read(Data(json.utf8))
        == .history(
          HistoryDocument.Contents(
            unwatched: [UnwatchedEntry(ids: .harbor2, unwatchedAt: watched)],
            notes: [NoteEntry(show: 5, text: "Fog", editedAt: nil)])))
  }

  @Test func aNoteWithoutItsTextIsADamagedFile() {
    let json = #"{"version": 1, "watched": [], "notes": [{"show": 5}]}"#
    #expect(
      HistoryDocument.read(Data(json.utf8)) == .damaged(reason: "it is not a valid history file"))
  }

  private func t(_ seconds: Double) -> Date {
    Date(timeIntervalSince1970: seconds)
  }

  /// What the tv-tracker before un-watches and notes decoded: its `File` and `HistoryEntry`.
  private struct OlderFile: Decodable {
    struct Entry: Decodable {
      var show: Int
      var season: Int
      var episode: Int
      var watchedAt: String?
    }

    var version: Int
    var watched: [Entry]
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
        catalog: .test, clock: ImmediateClock(), storage: .live(file, opened: opened)))
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
          catalog: .test, clock: ImmediateClock(),
          storage: .live(file, opened: HistoryFile.Opened()))))
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

private func permissions(of path: String) throws -> Int {
  try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
}

private func linkTarget(_ path: String) throws -> String {
  try FileManager.default.destinationOfSymbolicLink(atPath: path)
}

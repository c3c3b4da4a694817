import Foundation
import Testing

@testable import TVTrackerCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the built `tv-tracker` executable in line mode, as a user's shell would.
///
/// `swift test` builds every product of the package before testing, so the executable sits next
/// to the test bundle, in the same build folder, for any `--scratch-path` or sanitizer.
@Suite struct EndToEndTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  /// Finds the executable built with these tests.
  static func executable() throws -> URL {
    var folders: [URL] = []
    // Linux: the tests run inside `<build>/debug/<Package>PackageTests.xctest`, an executable.
    if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
    // macOS: `xctest` loads the `.xctest` bundle from the build folder.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    let candidates = folders.map { $0.appendingPathComponent("tv-tracker") }
    guard
      let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      Issue.record("tv-tracker not found; looked at \(candidates.map(\.path))")
      throw CancellationError()
    }
    return found
  }

  /// Runs the app in `folder` with `input` on standard input (a file, as in `< script`).
  static func run(_ arguments: [String], input: String, in folder: TemporaryFolder) throws -> Run {
    let paths = (
      input: folder.file(".in"), output: folder.file(".out"), errors: folder.file(".err")
    )
    try Data(input.utf8).write(to: URL(fileURLWithPath: paths.input))
    try Data().write(to: URL(fileURLWithPath: paths.output))
    try Data().write(to: URL(fileURLWithPath: paths.errors))
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    // Keep the real data folder out of reach, whatever the arguments say.
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = folder.file("xdg")
    environment["HOME"] = folder.path
    process.environment = environment
    process.standardInput = FileHandle(forReadingAtPath: paths.input)
    process.standardOutput = FileHandle(forWritingAtPath: paths.output)
    process.standardError = FileHandle(forWritingAtPath: paths.errors)
    try process.run()
    process.waitUntilExit()
    let output = try String(contentsOfFile: paths.output, encoding: .utf8)
    let errors = try String(contentsOfFile: paths.errors, encoding: .utf8)
    for path in [paths.input, paths.output, paths.errors] {
      try FileManager.default.removeItem(atPath: path)
    }
    return Run(status: process.terminationStatus, output: output, errors: errors)
  }

  @Test func aScriptedSessionPrintsExactlyTheViewsThatRenderedAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let run = try Self.run(
      ["--data", "history.json"], input: Self.script.joined(separator: "\n") + "\n", in: folder)

    #expect(run.status == 0)
    #expect(run.errors == "")
    let expected = Self.transcript + "\n"
    #expect(run.output == expected)
    if run.output != expected {
      // The whole output, to update the transcript when a view changes on purpose.
      Issue.record(Comment(rawValue: run.output))
    }
    #expect(try folder.contents() == ["history.json"])
  }

  @Test func aScriptedSessionThroughAShowsScreenPrintsExactlyTheViewsThatRenderedAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let run = try Self.run(
      ["--data", "history.json"], input: Self.screenScript.joined(separator: "\n") + "\n",
      in: folder)

    #expect(run.status == 0)
    #expect(run.errors == "")
    let expected = Self.screenTranscript + "\n"
    let output = run.output
    let commands = output.range(of: "> tab search\n").map { String(output[$0.lowerBound...]) }
    #expect(commands == expected)
    if commands != expected {
      // The whole output, to update the transcript when a view changes on purpose.
      Issue.record(Comment(rawValue: run.output))
    }
    let saved = try HistoryFile(path: folder.file("history.json")).loadContents()
    #expect(saved.history == [Ids(show: 1, season: 1, episode: 3)])
    #expect(saved.unwatched.map(\.ids) == [.breakwater1])
    #expect(saved.noteTexts == [1: "Finish season 1"])
  }

  @Test func aNoteIsThereOnTheNextRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try Self.run(
      ["--lines"], input: "tab search\ntype fog\nopen 1\nnote Bring a lamp\nsave\n", in: folder)

    let second = try Self.run(["--lines"], input: "tab search\ntype fog\nopen 1\n", in: folder)

    #expect(
      second.output.contains(
        "-- detail (render 2)\n   Harbor Lights (Northline)\n   Note: Bring a lamp\n"))
  }

  @Test func theHistoryIsThereOnTheNextRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try Self.run(["--lines"], input: "tab search\ntype jailbreak\nwatch 1\n", in: folder)

    let second = try Self.run(["--lines"], input: "quit\n", in: folder)

    #expect(second.output.contains("› 1. Jailbreak"))
    #expect(
      FileManager.default.fileExists(atPath: folder.file("xdg/tv-tracker/history.json")))
  }

  @Test func aCorruptHistoryIsReportedMovedAsideAndTheAppStartsEmpty() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("history.json")
    try Data("{\"version\": 1, \"watched\": [".utf8).write(to: URL(fileURLWithPath: path))

    let run = try Self.run(["--data", path], input: "quit\n", in: folder)

    #expect(run.status == 0)
    #expect(run.errors.hasPrefix("tv-tracker: cannot read the watched history in \(path) "))
    #expect(run.errors.contains("moved it to \(path).corrupt-"))
    #expect(run.output.contains("Nothing watched yet."))
    let aside = try #require(try folder.contents().first { $0.contains(".corrupt-") })
    #expect(
      try String(contentsOfFile: folder.file(aside), encoding: .utf8)
        == "{\"version\": 1, \"watched\": [")
  }

  @Test func anUnwritableDataFolderIsReportedAndTheAppRuns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data().write(to: URL(fileURLWithPath: folder.file("blocker")))

    let run = try Self.run(
      ["--data", "blocker/history.json"], input: "tab search\ntype fog\nwatch 1\n", in: folder)

    #expect(run.status == 0)
    #expect(
      run.errors
        == "tv-tracker: cannot save the watched history (blocker is not a folder); "
        + "changes will last until you quit.\n")
    #expect(run.output.contains("Saving:           off, blocker is not a folder"))
    #expect(run.output.contains("› 1. Fog Signal"))
  }

  @Test func aBadFlagPrintsUsageAndExitsWithTwo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let run = try Self.run(["--colour"], input: "", in: folder)

    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("tv-tracker: unknown option '--colour'\n\nusage: tv-tracker"))
  }

  @Test func aOneCharacterDataPathIsAFileInTheCurrentFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let run = try Self.run(["--data", "x"], input: "tab search\ntype fog\nwatch 1\n", in: folder)

    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(try HistoryFile(path: folder.file("x")).load() == [.harbor2])
  }

  @Test func aDataPathInAMissingFolderGetsTheFolderAtTheFirstSave() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let looked = try Self.run(["--data", "d/history.json"], input: "tab profile\n", in: folder)
    #expect(looked.status == 0)
    #expect(try folder.contents() == [])

    let watched = try Self.run(
      ["--data", "d/history.json"], input: "tab search\ntype fog\nwatch 1\n", in: folder)
    #expect(watched.status == 0)
    #expect(watched.errors == "")
    #expect(try HistoryFile(path: folder.file("d/history.json")).load() == [.harbor2])
  }

  @Test(arguments: ["adir", "adir/", "link", ".", "..", "/"])
  func aFolderAsTheDataFileIsRefusedWithStatusTwoAndNothingChanges(_ path: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.file("adir"), withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.file("adir/keep")))
    #expect(symlink("adir", folder.file("link")) == 0)

    let run = try Self.run(["--data", path], input: "tab search\ntype fog\nwatch 1\n", in: folder)

    #expect(run.status == 2)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("tv-tracker: cannot keep the watched history there: '\(path)' "))
    #expect(run.errors.contains("give --data the path of a file"))
    #expect(try folder.contents() == ["adir", "link"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("adir")) == ["keep"])
  }

  @Test func strictModeExitsWithOneWhenACommandFailed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }

    let failed = try Self.run(["--strict"], input: "tab search\nwatch 1\ntab profile\n", in: folder)
    let fine = try Self.run(["--strict"], input: "tab search\ntype fog\n", in: folder)
    let lenient = try Self.run([], input: "bogus\n", in: folder)

    #expect(failed.status == 1)
    #expect(failed.output.contains("> tab profile"))
    #expect(fine.status == 0)
    #expect(lenient.status == 0)
  }

  @Test func aHugeFileIsRefusedWithoutBeingRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("big.json")
    let size = 1 << 30
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    // Sparse: a gigabyte long, and no disk space taken.
    #expect(truncate(path, off_t(size)) == 0)

    let run = try Self.run(["--data", "big.json"], input: "tab profile\n", in: folder)

    #expect(run.status == 0)
    #expect(
      run.errors
        == "tv-tracker: big.json is 1.0 GiB, too large for a history file (at most 64 MiB); "
        + "left it as it is, and will not save.\n")
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)
    // The largest child so far, this one included, never held the file in memory.
    var usage = rusage()
    #expect(getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0)
    #expect(usage.ru_maxrss < 512 * 1024, "peak resident size in KiB")
  }

  static let script = [
    "tab search",
    "type break",
    "watch 1",
    "watch 3",
    "tab activity",
    "watch 2",
    "tab profile",
    "type harbor fog",
    "watch 1",
    "bogus",
    "clear",
    "quit",
  ]

  static let screenScript = [
    "tab search",
    "type breakwater",
    "open 2",
    "watch 1",
    "watch 3",
    "unwatch 3",
    "cancel",
    "unwatch 1",
    "confirm",
    "note Finish season one",
    "note Finish season 1",
    "save",
    "unwatch 9",
    "back",
    "tab activity",
    "open 1",
    "note",
    "cancel",
    "back",
    "quit",
  ]

  /// The output of ``screenScript`` from its first command: the views before it are
  /// ``transcript``'s.
  static let screenTranscript = #"""
    > tab search
    -- tabs (render 2)
        1 Activity   [2 Search]   3 Profile
    > type breakwater
    -- search (render 3)
       Search: breakwater
       4 episodes match "breakwater":
       › 1.   Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3.   Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
    > open 2
    -- detail (render 2)
       Breakwater (Northline)
       No note yet.
       4 episodes (* watched):
    -- episode 1 (render 1)
        1.   The Undertow             S01E01  2019-03-14
    -- episode 2 (render 1)
        2.   Slack Tide               S01E02  2019-03-21
    -- episode 3 (render 1)
        3.   Breaking Point           S01E03  2019-03-28
    -- episode 4 (render 1)
        4.   High Water               S02E01  2020-04-02
    > watch 1
    -- history (render 2)
       Watched 1 episode, most recent first:
       › 1. The Undertow             S01E01  2019-03-14 [breakwater.jpg]
    -- search (render 4)
       Search: breakwater
       4 episodes match "breakwater":
       › 1. * Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3.   Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
       (* watched)
    -- profile (render 2)
       Episodes watched: 1
       Shows watched:    1
       Most watched:     Breakwater (1 episode)
       History file:     history.json
       Saving:           on
    -- episode 1 (render 2)
        1. * The Undertow             S01E01  2019-03-14
    > watch 3
    -- history (render 3)
       Watched 2 episodes, most recent first:
       › 1. Breaking Point           S01E03  2019-03-28 [breakwater.jpg]
         2. The Undertow             S01E01  2019-03-14 [breakwater.jpg]
    -- search (render 5)
       Search: breakwater
       4 episodes match "breakwater":
       › 1. * Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3. * Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
       (* watched)
    -- profile (render 3)
       Episodes watched: 2
       Shows watched:    1
       Most watched:     Breakwater (2 episodes)
       History file:     history.json
       Saving:           on
    -- episode 3 (render 2)
        3. * Breaking Point           S01E03  2019-03-28
    > unwatch 3
    -- dialog (render 1)
       Mark "Breaking Point" (S01E03) unwatched?
       It leaves your history, with the time you watched it.
       [Mark unwatched]  [Keep it watched]
    > cancel
    -- dialog (closed)
    > unwatch 1
    -- dialog (render 1)
       Mark "The Undertow" (S01E01) unwatched?
       It leaves your history, with the time you watched it.
       [Mark unwatched]  [Keep it watched]
    > confirm
    -- history (render 4)
       Watched 1 episode, most recent first:
       › 1. Breaking Point           S01E03  2019-03-28 [breakwater.jpg]
    -- search (render 6)
       Search: breakwater
       4 episodes match "breakwater":
       › 1.   Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3. * Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
       (* watched)
    -- profile (render 4)
       Episodes watched: 1
       Shows watched:    1
       Most watched:     Breakwater (1 episode)
       History file:     history.json
       Saving:           on
    -- episode 1 (render 3)
        1.   The Undertow             S01E01  2019-03-14
    -- dialog (closed)
    > note Finish season one
    -- note (render 2)
       Note on Breakwater (17 of 100 characters):
         Finish season one_
    > note Finish season 1
    -- note (render 3)
       Note on Breakwater (15 of 100 characters):
         Finish season 1_
    > save
    -- detail (render 3)
       Breakwater (Northline)
       Note: Finish season 1
       4 episodes (* watched):
    -- note (closed)
    > unwatch 9
    error: unwatch: no episode 9; the show has 4 episodes (1-4)
    > back
    -- detail (closed)
    > tab activity
    -- tabs (render 3)
       [1 Activity]   2 Search    3 Profile
    > open 1
    -- detail (render 2)
       Breakwater (Northline)
       Note: Finish season 1
       4 episodes (* watched):
    -- episode 1 (render 1)
        1.   The Undertow             S01E01  2019-03-14
    -- episode 2 (render 1)
        2.   Slack Tide               S01E02  2019-03-21
    -- episode 3 (render 1)
        3. * Breaking Point           S01E03  2019-03-28
    -- episode 4 (render 1)
        4.   High Water               S02E01  2020-04-02
    > note
    -- note (render 1)
       Note on Breakwater (15 of 100 characters):
         Finish season 1_
    > cancel
    -- note (closed)
    > back
    -- detail (closed)
    > quit
    """#

  static let transcript = #"""
    -- tabs (render 1)
       [1 Activity]   2 Search    3 Profile
    -- history (render 1)
       Nothing watched yet.
       Find an episode in Search and mark it watched.
    -- search (render 1)
       Search:
       Type to search 13 shows and 43 episodes.
    -- profile (render 1)
       Episodes watched: 0
       Shows watched:    0
       Most watched:     -
       History file:     history.json
       Saving:           on
    > tab search
    -- tabs (render 2)
        1 Activity   [2 Search]   3 Profile
    > type break
    -- search (render 3)
       Search: break
       9 episodes match "break":
       › 1.   Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3.   Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
         5.   Lantern Street    A Break in the Weather   S01E03  2017-01-22
         6.   Orbit Kitchen     Zero-G Breakfast         S01E01  2022-02-03
         7.   Fieldwork         The Dig Breakthrough     S01E03  2020-06-25
         8.   Ward Nine         Jailbreak                S02E01  2019-11-07
         9.   Ironbridge        Spring Break             S01E03  2014-09-16
    > watch 1
    -- history (render 2)
       Watched 1 episode, most recent first:
       › 1. The Undertow             S01E01  2019-03-14 [breakwater.jpg]
    -- search (render 4)
       Search: break
       9 episodes match "break":
       › 1. * Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3.   Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
         5.   Lantern Street    A Break in the Weather   S01E03  2017-01-22
         6.   Orbit Kitchen     Zero-G Breakfast         S01E01  2022-02-03
         7.   Fieldwork         The Dig Breakthrough     S01E03  2020-06-25
         8.   Ward Nine         Jailbreak                S02E01  2019-11-07
         9.   Ironbridge        Spring Break             S01E03  2014-09-16
       (* watched)
    -- profile (render 2)
       Episodes watched: 1
       Shows watched:    1
       Most watched:     Breakwater (1 episode)
       History file:     history.json
       Saving:           on
    > watch 3
    -- history (render 3)
       Watched 2 episodes, most recent first:
       › 1. Breaking Point           S01E03  2019-03-28 [breakwater.jpg]
         2. The Undertow             S01E01  2019-03-14 [breakwater.jpg]
    -- search (render 5)
       Search: break
       9 episodes match "break":
       › 1. * Breakwater        The Undertow             S01E01  2019-03-14
         2.   Breakwater        Slack Tide               S01E02  2019-03-21
         3. * Breakwater        Breaking Point           S01E03  2019-03-28
         4.   Breakwater        High Water               S02E01  2020-04-02
         5.   Lantern Street    A Break in the Weather   S01E03  2017-01-22
         6.   Orbit Kitchen     Zero-G Breakfast         S01E01  2022-02-03
         7.   Fieldwork         The Dig Breakthrough     S01E03  2020-06-25
         8.   Ward Nine         Jailbreak                S02E01  2019-11-07
         9.   Ironbridge        Spring Break             S01E03  2014-09-16
       (* watched)
    -- profile (render 3)
       Episodes watched: 2
       Shows watched:    1
       Most watched:     Breakwater (2 episodes)
       History file:     history.json
       Saving:           on
    > tab activity
    -- tabs (render 3)
       [1 Activity]   2 Search    3 Profile
    > watch 2
    -- history (render 4)
       Watched 2 episodes, most recent first:
       › 1. The Undertow             S01E01  2019-03-14 [breakwater.jpg]
         2. Breaking Point           S01E03  2019-03-28 [breakwater.jpg]
    > tab profile
    -- tabs (render 4)
        1 Activity    2 Search   [3 Profile]
    > type harbor fog
    -- search (render 7)
       Search: harbor fog
       1 episode matches "harbor fog":
       › 1.   Harbor Lights     Fog Signal               S01E02  2015-10-12
    > watch 1
    error: watch: the profile lists no episodes; try 'tab activity' or 'tab search'
    > bogus
    error: unknown command 'bogus'; type 'help' for the commands
    > clear
    -- search (render 8)
       Search:
       Type to search 13 shows and 43 episodes.
    > quit
    """#
}

/// The built app driven through pipes, as a program would drive it: each test reads the answer
/// to one command before it sends the next.
@Suite struct PipeDrivenTests {
  private static let startTail = "   Saving:           on\n"

  @Test func lineModeAnswersEachCommandAsSoonAsItIsDone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let app = try RunningApp(["--lines", "--data", "h.json"], in: folder)
    try app.readOutput(until: { $0.hasSuffix(Self.startTail) })

    #expect(
      try app.answer("tab search")
        == "> tab search\n-- tabs (render 2)\n    1 Activity   [2 Search]   3 Profile\n")
    #expect(try app.answer("type fog").contains("› 1.   Harbor Lights     Fog Signal"))
    #expect(try app.answer("watch 1").hasPrefix("> watch 1\n-- history (render 2)\n"))
    #expect(try HistoryFile(path: folder.file("h.json")).load() == [.harbor2])
    #expect(try app.finish() == 0)
  }

  @Test func twoInstancesOnOneFileKeepBothHistories() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let jailbreak = Ids(show: 7, season: 2, episode: 1)
    let first = try RunningApp(["--data", "h.json"], in: folder)
    let second = try RunningApp(["--data", "h.json"], in: folder)
    try first.readOutput(until: { $0.hasSuffix(Self.startTail) })
    try second.readOutput(until: { $0.hasSuffix(Self.startTail) })

    for command in ["tab search", "type fog", "watch 1"] { _ = try first.answer(command) }
    // The second started before that watch, and does not know of it.
    for command in ["tab search", "type jailbreak", "watch 1"] { _ = try second.answer(command) }
    for command in ["type undertow", "watch 1"] { _ = try first.answer(command) }

    #expect(try first.finish() == 0)
    #expect(try second.finish() == 0)
    #expect(
      try HistoryFile(path: folder.file("h.json")).load() == [.breakwater1, jailbreak, .harbor2])
  }

  @Test func anUnwatchAndTheLatestNoteSurviveSavesByAnInstanceThatStartedBefore() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let jailbreak = Ids(show: 7, season: 2, episode: 1)
    let first = try RunningApp(["--data", "h.json"], in: folder)
    try first.readOutput(until: { $0.hasSuffix(Self.startTail) })
    for command in ["tab search", "type breakwater", "watch 1"] { _ = try first.answer(command) }
    // The second starts knowing The Undertow watched.
    let second = try RunningApp(["--data", "h.json"], in: folder)
    try second.readOutput(until: { $0.hasSuffix(Self.startTail) })

    for command in ["open 1", "unwatch 1", "confirm", "note From the first", "save"] {
      _ = try first.answer(command)
    }
    // Still showing The Undertow watched and no note, the second saves a watch and a note.
    for command in ["tab search", "type fog", "watch 1", "type breakwater", "open 1"] {
      _ = try second.answer(command)
    }
    #expect(try second.answer("note From the second").contains("Note on Breakwater"))
    _ = try second.answer("save")
    // The first, still showing its own note, saves a watch.
    for command in ["back", "type jailbreak", "watch 1"] { _ = try first.answer(command) }

    #expect(try first.finish() == 0)
    #expect(try second.finish() == 0)
    let saved = try HistoryFile(path: folder.file("h.json")).loadContents()
    #expect(saved.history == [jailbreak, .harbor2])
    #expect(saved.unwatched.map(\.ids) == [.breakwater1])
    #expect(saved.noteTexts == [1: "From the second"])
  }

  @Test func aSaveWaitsForTheLockAndMergesWhatTheHolderWrote() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("h.json")
    try HistoryFile(path: path).save([.breakwater1])
    let holder = open(path, O_RDONLY)
    #expect(flock(holder, LOCK_EX) == 0)
    let app = try RunningApp(["--data", "h.json"], in: folder)
    try app.readOutput(until: { $0.hasSuffix(Self.startTail) })

    app.send("tab search\ntype fog\nwatch 1\n")
    try app.readErrors(until: {
      $0.contains("tv-tracker: waiting for another tv-tracker to finish saving h.json\n")
    })
    // While the app waits, the holder writes the file in place, as a tv-tracker would.
    let rewritten = open(path, O_WRONLY | O_TRUNC)
    let data = HistoryDocument.encode([
      HistoryEntry(ids: .breakwater1), HistoryEntry(ids: .breakwater2),
    ])
    #expect(data.withUnsafeBytes { write(rewritten, $0.baseAddress, $0.count) } == data.count)
    close(rewritten)
    close(holder)

    let answer = try app.answer("tab profile")
    #expect(answer.contains("Saving:           on"))
    #expect(try app.finish() == 0)
    #expect(try HistoryFile(path: path).load() == [.harbor2, .breakwater1, .breakwater2])
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalRightAfterAWatchStillSavesIt(_ number: Int32) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("h.json")
    for attempt in 1...50 {
      unlink(path)
      let app = try RunningApp(["--lines", "--data", "h.json"], in: folder)
      app.send("tab search\ntype fog\nwatch 1\n")
      // The echo comes as the command starts: the save is about to begin, or under way.
      try app.readOutput(until: { $0.contains("> watch 1\n") })
      app.send(signal: number)

      let status = try app.waitForExit()

      #expect(status == 128 + number, "attempt \(attempt)")
      #expect(try HistoryFile(path: path).load() == [.harbor2], "attempt \(attempt)")
      #expect(try folder.contents() == ["h.json"], "attempt \(attempt)")
      if status != 128 + number { break }
    }
  }
}

#if canImport(Glibc)
  /// The full-screen mode on a pseudo-terminal, as a person would use it.
  @Suite struct InteractiveEndToEndTests {
    private static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    @Test func aSignalRightAfterAWatchSavesItAndRestoresTheTerminal() throws {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let app = try TerminalApp(["--data", "h.json"], in: folder, width: 80, height: 24)
      let modes = app.localModes
      try app.read(until: { $0.contains("renders:") })

      app.type("2fog")
      try app.read(until: { $0.contains("Fog Signal") })
      app.type("\r")
      try app.read(until: { $0.contains("1. * Harbor Lights") })
      app.send(signal: SIGTERM)
      try app.read(until: { $0.hasSuffix(Self.leave) })

      #expect(app.waitForExit() == 128 + SIGTERM)
      #expect(try HistoryFile(path: folder.file("h.json")).load() == [.harbor2])
      #expect(app.localModes == modes)
      #expect(app.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }

    @Test func aShowsScreenWorksByKeysAndGoingBackEarlyStopsItsLoading() throws {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let app = try TerminalApp(["--data", "h.json"], in: folder, width: 80, height: 24)
      try app.read(until: { $0.contains("renders:") })
      app.type("2fog")
      try app.read(until: { $0.contains("Fog Signal") })

      // Right opens the show; Esc goes back before its episodes arrive.
      var mark = app.mark
      app.type("\u{1B}[C")
      try app.read(from: mark, until: { $0.contains("Loading episodes...") })
      app.type("\u{1B}")
      try app.read(from: mark, until: { $0.contains("Right open show") })
      // Open again, and wait for the episodes.
      mark = app.mark
      app.type("\u{1B}[C")
      try app.read(from: mark, until: { $0.contains("3 episodes (* watched):") })
      // Enter watches the first; n opens the note, where q is a letter; Enter saves it.
      app.type("\r")
      try app.read(from: mark, until: { $0.contains("1. * Landfall") })
      app.type("n")
      try app.read(from: mark, until: { $0.contains("Note on Harbor Lights") })
      app.type("quiet")
      try app.read(from: mark, until: { $0.contains("quiet_") })
      app.type("\r")
      try app.read(from: mark, until: { $0.contains("Note: quiet") })
      app.type("q")
      try app.read(until: { $0.hasSuffix(Self.leave) })

      #expect(app.waitForExit() == 0)
      // A loading that went on after its screen was popped would warn about it here.
      #expect(!app.outputText.contains("warning"))
      let saved = try HistoryFile(path: folder.file("h.json")).loadContents()
      #expect(saved.history == [.harbor1])
      #expect(saved.noteTexts == [5: "quiet"])
    }

    @Test func aWindowTooSmallSaysSoAndTheAppComesBackWhenItGrows() throws {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let app = try TerminalApp(["--data", "h.json"], in: folder, width: 80, height: 24)
      try app.read(until: { $0.contains("renders:") })

      app.resize(width: 20, height: 5)
      app.send(signal: SIGWINCH)
      var mark = app.mark
      try app.read(from: mark, until: { $0.contains("The window is 20x5;") })
      #expect(!app.outputText.dropFirst(mark).contains("renders:"))

      app.resize(width: 60, height: 15)
      app.send(signal: SIGWINCH)
      mark = app.mark
      try app.read(from: mark, until: { $0.contains("renders:") })
      #expect(app.outputText.dropFirst(mark).contains("[1 Activity]"))

      app.type("\u{04}")
      try app.read(until: { $0.hasSuffix(Self.leave) })
      #expect(app.waitForExit() == 0)
    }
  }
#endif

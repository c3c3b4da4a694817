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

import Conduit
import Foundation
import Testing

@testable import TVTrackerCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LineCommandTests {
  @Test func parsesEachCommand() throws {
    #expect(try LineCommand.parse("tab search") == .tab(.search))
    #expect(try LineCommand.parse("  type  harbor lights ") == .type("harbor lights"))
    #expect(try LineCommand.parse("watch 3") == .watch(3))
    #expect(try LineCommand.parse("clear") == .clear)
    #expect(try LineCommand.parse("quit") == .quit)
    #expect(try LineCommand.parse("help") == .help)
  }

  @Test func parsesTheShowScreensCommands() throws {
    #expect(try LineCommand.parse("open 2") == .open(2))
    #expect(try LineCommand.parse("back") == .back)
    #expect(try LineCommand.parse("unwatch 1") == .unwatch(1))
    #expect(try LineCommand.parse("confirm") == .confirm)
    #expect(try LineCommand.parse("cancel") == .cancel)
    #expect(try LineCommand.parse("note") == .note(nil))
    #expect(try LineCommand.parse("note  Finish season 1 ") == .note("Finish season 1"))
    #expect(try LineCommand.parse("save") == .save)
  }

  @Test func helpListsEveryCommand() {
    let commands = [
      "tab", "type", "clear", "watch", "open", "back", "unwatch", "confirm", "cancel", "note",
      "save", "help", "quit",
    ]
    let listed = LineCommand.helpText.flatMap { line in
      // The command names start a line, two spaces in, and may be listed with commas.
      line.hasPrefix("  ") && !line.hasPrefix("   ")
        ? line.dropFirst(2).components(separatedBy: "  ")[0].components(separatedBy: ", ")
          .map { $0.split(separator: " ").first.map(String.init) ?? "" } : []
    }
    #expect(listed == commands)
  }

  @Test func blankLinesAndCommentsAreNotCommands() throws {
    #expect(try LineCommand.parse("   ") == nil)
    #expect(try LineCommand.parse("# a comment") == nil)
  }

  @Test func rejectsUnknownCommandsAndBadArguments() {
    #expect(throws: CommandError("unknown command 'jump'; type 'help' for the commands")) {
      try LineCommand.parse("jump 3")
    }
    #expect(throws: CommandError.self) { try LineCommand.parse("tab settings") }
    #expect(throws: CommandError.self) { try LineCommand.parse("watch 0") }
    #expect(throws: CommandError.self) { try LineCommand.parse("watch two") }
    #expect(throws: CommandError.self) { try LineCommand.parse("type") }
    #expect(throws: CommandError.self) { try LineCommand.parse("quit now") }
    #expect(throws: CommandError("open: expected the number of an entry, such as 'open 1'")) {
      try LineCommand.parse("open")
    }
    #expect(throws: CommandError("save: takes no argument")) { try LineCommand.parse("save it") }
  }
}

@MainActor
@Suite struct LineModeTests {
  @Test func startPrintsEveryViewWithRenderOne() {
    let output = LineMode(app: TrackerApp(store: makeAppStore())).start()
    #expect(
      output.filter { $0.hasPrefix("-- ") } == [
        "-- tabs (render 1)", "-- history (render 1)", "-- search (render 1)",
        "-- profile (render 1)",
      ])
  }

  @Test func typingPrintsOnlyTheSearchView() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    _ = mode.start()

    let (output, quit) = await mode.execute("type fog")

    #expect(
      output == [
        "> type fog",
        "-- search (render 3)",
        "   Search: fog",
        "   1 episode matches \"fog\":",
        "   › 1.   Harbor Lights     Fog Signal               S01E02  2015-10-12",
      ])
    #expect(!quit)
  }

  @Test func anUnknownCommandPrintsOneErrorLineAndGoesOn() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    _ = mode.start()

    let (output, quit) = await mode.execute("dance")

    #expect(output == ["> dance", "error: unknown command 'dance'; type 'help' for the commands"])
    #expect(!quit)
  }

  @Test func aCommandThatChangesNothingSaysSo() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    _ = mode.start()
    let (output, _) = await mode.execute("tab activity")
    #expect(output == ["> tab activity", "(no view rendered again)"])
  }

  @Test func helpListsTheCommandsAndRendersNothing() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    _ = mode.start()
    let (output, _) = await mode.execute("help")
    #expect(output == ["> help"] + LineCommand.helpText)
  }

  @Test func openingAShowPrintsItsScreenOnceLoadedWithEachRow() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore(history: [.harbor2])))
    _ = mode.start()

    let (output, _) = await mode.execute("open 1")

    #expect(
      output == [
        "> open 1",
        "-- detail (render 2)",
        "   Harbor Lights (Northline)",
        "   No note yet.",
        "   2 episodes (* watched):",
        "-- episode 1 (render 1)",
        "    1.   Landfall                 S01E01  2015-10-05",
        "-- episode 2 (render 1)",
        "    2. * Fog Signal               S01E02  2015-10-12",
      ])
  }

  @Test func closedViewsAreNamed() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore(history: [.harbor2])))
    _ = mode.start()
    _ = await mode.execute("open 1")
    _ = await mode.execute("unwatch 2")

    #expect(await mode.execute("cancel").output == ["> cancel", "-- dialog (closed)"])
    #expect(await mode.execute("back").output == ["> back", "-- detail (closed)"])
  }

  @Test func clearEmptiesTheNoteWhileItIsOpen() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor2]))
    let mode = LineMode(app: app)
    _ = mode.start()
    _ = await mode.execute("open 1")
    _ = await mode.execute("note Bring tea")

    let (output, _) = await mode.execute("clear")

    #expect(
      output == [
        "> clear", "-- note (render 3)", "   Note on Harbor Lights (0 of 100 characters):",
        "     _",
      ])
  }

  @Test func aTabCannotBeChosenWhileTheNoteIsOpen() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore(history: [.harbor2])))
    _ = mode.start()
    _ = await mode.execute("open 1")
    _ = await mode.execute("note")

    let (output, _) = await mode.execute("tab search")

    #expect(
      output == ["> tab search", "error: tab: the note is open; 'save' or 'cancel' it first"])
  }

  @Test func clearingRendersTheSearchViewOnce() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    _ = mode.start()
    _ = await mode.execute("type fog")
    let (output, _) = await mode.execute("clear")
    #expect(
      output == [
        "> clear", "-- search (render 4)", "   Search:",
        "   Type to search 2 shows and 5 episodes.",
      ])
  }

  @Test func runStopsAtQuitAndReadsNoFurther() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    let (inputs, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    var lines = ["tab profile", "quit", "tab search"][...]
    var printed: [String] = []

    let outcome = await mode.run(
      inputs,
      requestLine: { if let line = lines.popFirst() { continuation.yield(.line(line)) } },
      print: { printed += $0 })

    #expect(outcome == .finished(failed: false))
    #expect(printed.filter { $0.hasPrefix(">") } == ["> tab profile", "> quit"])
    #expect(lines == ["tab search"])
  }

  @Test func eachEchoIsPrintedBeforeItsCommandRunsAndTheOutputAfter() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    let (inputs, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    continuation.yield(.line("tab search"))
    continuation.yield(.line(""))
    continuation.finish()
    var printed: [[String]] = []

    _ = await mode.run(inputs, print: { printed.append($0) })

    #expect(
      printed.dropFirst() == [
        ["> tab search"], ["-- tabs (render 2)", "    1 Activity   [2 Search]   3 Profile"],
      ])
  }

  @Test func aSignalDuringACommandLetsItAndItsSaveFinishThenStops() async {
    let (inputs, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    let log = SaveLog()
    let storage = HistoryStorage { saved in
      // The signal comes while the save is under way.
      continuation.yield(.signal(SIGTERM))
      try await log.save(saved)
    }
    let mode = LineMode(app: TrackerApp(store: makeAppStore(history: [.harbor1], storage: storage)))
    var lines = ["tab search", "type fog", "watch 1", "type harbor"][...]
    var printed: [String] = []

    let outcome = await mode.run(
      inputs,
      requestLine: {
        if let line = lines.popFirst() {
          continuation.yield(.line(line))
        } else {
          continuation.finish()
        }
      },
      print: { printed += $0 })

    #expect(outcome == .stopped(signal: SIGTERM))
    #expect(await log.histories == [[.harbor2, .harbor1]])
    #expect(printed.filter { $0.hasPrefix(">") } == ["> tab search", "> type fog", "> watch 1"])
    #expect(printed.last == "   Saving:           on")
  }

  @Test func aFailedCommandIsReportedInTheOutcomeAndTheRestStillRun() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    let (inputs, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    for line in ["bogus", "tab search", "watch 1", "tab profile"] {
      continuation.yield(.line(line))
    }
    continuation.finish()
    var printed: [String] = []

    let outcome = await mode.run(inputs, print: { printed += $0 })

    #expect(outcome == .finished(failed: true))
    #expect(printed.filter { $0.hasPrefix(">") }.count == 4)
  }

  @Test func aSessionWithoutErrorsIsNotFailed() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    let (inputs, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    for line in ["tab search", "type fog", "# a comment", "watch 1"] {
      continuation.yield(.line(line))
    }
    continuation.finish()

    #expect(await mode.run(inputs, print: { _ in }) == .finished(failed: false))
  }
}

@Suite struct LineReaderTests {
  @Test func splitsLinesLikeReadLineWithALastLineWithoutNewline() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let text = "tab search\r\ntype 東京\n\nwatch 1"
    #expect(write(fds[1], text, text.utf8.count) == text.utf8.count)
    close(fds[1])
    defer { close(fds[0]) }
    var reader = LineReader(descriptor: fds[0])

    var lines: [String] = []
    while let line = reader.next() { lines.append(line) }

    #expect(lines == ["tab search", "type 東京", "", "watch 1"])
  }
}

@Suite struct OptionsTests {
  @Test func defaultsToAutomaticModeAndTheDefaultFile() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test func readsLinesStrictAndData() throws {
    let options = try Options.parse(["--lines", "--strict", "--data", "h.json"])
    #expect(options.mode == .lines)
    #expect(options.strict)
    #expect(options.dataPath == "h.json")
    #expect(try Options.parse(["--lines"]).strict == false)
    #expect(try Options.parse(["--data=x.json"]).dataPath == "x.json")
  }

  @Test func rejectsUnknownOptionsMissingValuesAndArguments() {
    #expect(throws: CommandError("unknown option '--colour'")) {
      try Options.parse(["--colour"])
    }
    #expect(throws: CommandError("--data needs a file name")) { try Options.parse(["--data"]) }
    #expect(throws: CommandError("--data needs a file name")) {
      try Options.parse(["--data", "--lines"])
    }
    #expect(throws: CommandError("unexpected argument 'extra'")) { try Options.parse(["extra"]) }
  }
}

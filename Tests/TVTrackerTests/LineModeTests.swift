import Conduit
import Testing

@testable import TVTrackerCore

@Suite struct LineCommandTests {
  @Test func parsesEachCommand() throws {
    #expect(try LineCommand.parse("tab search") == .tab(.search))
    #expect(try LineCommand.parse("  type  harbor lights ") == .type("harbor lights"))
    #expect(try LineCommand.parse("watch 3") == .watch(3))
    #expect(try LineCommand.parse("clear") == .clear)
    #expect(try LineCommand.parse("quit") == .quit)
    #expect(try LineCommand.parse("help") == .help)
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

  @Test func runStopsAtQuitAndIgnoresTheRest() async {
    let mode = LineMode(app: TrackerApp(store: makeAppStore()))
    var input = ["tab profile", "quit", "tab search"][...]
    var printed: [String] = []

    await mode.run(readLine: { input.popFirst() }, print: { printed.append($0) })

    #expect(printed.filter { $0.hasPrefix(">") } == ["> tab profile", "> quit"])
    #expect(input == ["tab search"])
  }
}

@Suite struct OptionsTests {
  @Test func defaultsToAutomaticModeAndTheDefaultFile() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test func readsLinesAndData() throws {
    let options = try Options.parse(["--lines", "--data", "h.json"])
    #expect(options.mode == .lines)
    #expect(options.dataPath == "h.json")
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

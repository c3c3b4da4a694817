import Conduit
import Testing

@testable import TVTrackerCore

@Suite struct KeyTests {
  @Test func decodesArrowsTabsAndControlKeys() {
    let bytes: [UInt8] = [
      0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x09, 0x1B, 0x5B, 0x5A, 0x0D, 0x7F, 0x03,
    ]
    #expect(Key.decode(bytes) == [.up, .down, .tab, .backTab, .enter, .backspace, .interrupt])
  }

  @Test func aLoneEscapeIsTheEscapeKey() {
    #expect(Key.decode([0x1B]) == [.escape])
  }

  @Test func decodesPastedTextAndUTF8Characters() {
    #expect(Key.decode(Array("é q".utf8)) == [.character("é"), .character(" "), .character("q")])
  }

  @Test func unknownSequencesAreConsumedWhole() {
    // F5 is ESC [ 1 5 ~; nothing of it should type into the search.
    #expect(Key.decode(Array("\u{1B}[15~a".utf8)) == [.other, .character("a")])
  }
}

@Suite struct ScreenTests {
  @Test func updateWritesOnlyRowsWhoseTextChanged() {
    var screen = Screen(width: 20, height: 5)
    _ = screen.update([(1, "tabs"), (3, "one")])

    let output = screen.update([(1, "tabs"), (3, "two")])

    #expect(output == "\u{1B}[3;1Htwo\u{1B}[K")
  }

  @Test func rowsAreCutToTheWidth() {
    var screen = Screen(width: 4, height: 2)
    // A full row is not followed by an erase, which would erase its last column.
    #expect(screen.update([(1, "abcdef")]) == "\u{1B}[1;1Habcd")
    #expect(screen.update([(2, "ab")]) == "\u{1B}[2;1Hab\u{1B}[K")
  }

  @Test func rowsAreCutByDisplayColumnsNotCharacters() {
    var screen = Screen(width: 7, height: 3)
    _ = screen.update([(1, "東京タワー"), (2, "ab👍🏽cd👍🏽"), (3, "Cafe\u{301} au lait")])
    #expect(screen.rows == ["東京タ", "ab👍🏽cd", "Cafe\u{301} au"])
    #expect(screen.rows.map { TextWidth.columns($0) } == [6, 6, 7])
  }

  @Test func controlCharactersCannotReachTheTerminal() {
    var screen = Screen(width: 20, height: 1)
    let output = screen.update([(1, "a\u{1B}[2Jb\u{9B}c")])
    #expect(output == "\u{1B}[1;1Ha\u{FFFD}[2Jb\u{FFFD}c\u{1B}[K")
  }

  @Test func clearForgetsWhatWasDrawn() {
    var screen = Screen(width: 10, height: 2)
    _ = screen.update([(1, "same")])
    _ = screen.clear(width: 10, height: 2)
    #expect(screen.update([(1, "same")]) == "\u{1B}[1;1Hsame\u{1B}[K")
  }

}

@Suite struct ScrollingListTests {
  private func rendering(rows count: Int, selection: Int?, footer: [String] = []) -> Rendering {
    Rendering(
      header: ["head 1", "head 2"], rows: (1...count).map { "row \($0)" }, selection: selection,
      footer: footer)
  }

  @Test func aListThatFitsIsShownWholeWithItsFooter() {
    var list = ScrollingList()
    #expect(
      list.lines(rendering(rows: 2, selection: 0, footer: ["foot"]), rows: 6)
        == ["head 1", "head 2", "row 1", "row 2", "foot"])
  }

  @Test func aLongListKeepsTheHeaderAndShowsWhereItIs() {
    var list = ScrollingList()
    #expect(
      list.lines(rendering(rows: 20, selection: 0, footer: ["foot"]), rows: 6)
        == ["head 1", "head 2", "row 1", "row 2", "(1-2 of 20)".padded, "foot"])
  }

  @Test func movingDownScrollsOnlyOnceTheSelectionLeavesTheWindow() {
    var list = ScrollingList()
    var firstRows: [String] = []
    for selection in 0..<6 {
      firstRows.append(list.lines(rendering(rows: 20, selection: selection), rows: 6)[2])
    }
    // Three rows of the list fit: six, less the header and the position line.
    #expect(firstRows == ["row 1", "row 1", "row 1", "row 2", "row 3", "row 4"])
  }

  @Test func movingUpScrollsBackOnlyWhenNeeded() {
    var list = ScrollingList()
    _ = list.lines(rendering(rows: 20, selection: 19), rows: 6)
    #expect(list.top == 17)
    _ = list.lines(rendering(rows: 20, selection: 18), rows: 6)
    #expect(list.top == 17)
    _ = list.lines(rendering(rows: 20, selection: 10), rows: 6)
    #expect(list.top == 10)
  }

  @Test func everyRowCanBeReached() {
    var list = ScrollingList()
    var seen: Set<String> = []
    for selection in 0..<38 {
      let lines = list.lines(rendering(rows: 38, selection: selection), rows: 5)
      #expect(lines.prefix(2) == ["head 1", "head 2"])
      #expect(lines.contains("row \(selection + 1)"))
      seen.formUnion(lines.filter { $0.hasPrefix("row ") })
    }
    #expect(seen.count == 38)
  }

  @Test func withOneRowLeftOnlyTheSelectionIsShown() {
    var list = ScrollingList()
    #expect(
      list.lines(rendering(rows: 9, selection: 4, footer: ["foot"]), rows: 3)
        == ["head 1", "head 2", "row 5"])
  }

  @Test func aShrinkingListPullsTheWindowBack() {
    var list = ScrollingList()
    _ = list.lines(rendering(rows: 20, selection: 19), rows: 6)
    #expect(
      list.lines(rendering(rows: 5, selection: 4), rows: 6).suffix(4)
        == ["row 3", "row 4", "row 5", "(3-5 of 5)".padded])
  }
}

extension String {
  /// A list position line as ``ScrollingList`` indents it.
  fileprivate var padded: String { "  " + self }
}

@MainActor
@Suite struct KeyBindingsTests {
  @Test func numbersAndTabSwitchTabs() {
    let app = TrackerApp(store: makeAppStore())
    _ = KeyBindings.handle(.character("3"), in: app)
    #expect(app.selectedTab == .profile)
    _ = KeyBindings.handle(.tab, in: app)
    #expect(app.selectedTab == .activity)
    _ = KeyBindings.handle(.backTab, in: app)
    #expect(app.selectedTab == .profile)
  }

  @Test func onSearchLettersAndDigitsTypeIntoTheQuery() async {
    let app = TrackerApp(store: makeAppStore())
    app.select(.search)
    for character in "q1j" {
      if case .handled(let task) = KeyBindings.handle(.character(character), in: app) {
        await task?.finish()
      }
    }
    _ = KeyBindings.handle(.backspace, in: app)
    #expect(app.search.viewModel.query == "q1")
    #expect(app.selectedTab == .search)
  }

  @Test func escapeClearsTheQuery() async {
    let app = TrackerApp(store: makeAppStore())
    app.select(.search)
    await app.type("fog").finish()
    _ = KeyBindings.handle(.escape, in: app)
    #expect(app.search.viewModel.query == "")
  }

  @Test func qQuitsOutsideSearchAndCtrlCAndCtrlDQuitAnywhere() {
    let app = TrackerApp(store: makeAppStore())
    #expect(KeyBindings.handle(.character("q"), in: app) == .quit)
    app.select(.search)
    #expect(KeyBindings.handle(.interrupt, in: app) == .quit)
    #expect(KeyBindings.handle(.endOfInput, in: app) == .quit)
    // On Search, q is a letter of the query.
    #expect(KeyBindings.handle(.character("q"), in: app) != .quit)
  }

  @Test func onlyTheQuitKeysActWhileTheWindowIsTooSmall() {
    #expect(KeyBindings.handleWhileTooSmall(.interrupt) == .quit)
    #expect(KeyBindings.handleWhileTooSmall(.endOfInput) == .quit)
    for key: Key in [.enter, .character("q"), .character(" "), .down, .tab] {
      #expect(KeyBindings.handleWhileTooSmall(key) == .handled(nil))
    }
  }

  @Test func hintsLeaveOutListKeysWhileTheListIsEmpty() {
    #expect(
      KeyBindings.hints(for: .activity, hasEntries: false)
        == ["1/2/3 or Tab switch", "/ search", "q quit"])
    #expect(!KeyBindings.hints(for: .search, hasEntries: false).contains("Enter watch"))
    #expect(KeyBindings.hints(for: .search, hasEntries: true).contains("Enter watch"))
  }

  @Test func jMovesAndSpaceWatchesOnTheActivityTab() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .breakwater1]))
    _ = KeyBindings.handle(.character("j"), in: app)
    if case .handled(let task) = KeyBindings.handle(.character(" "), in: app) {
      await task?.finish()
    }
    #expect(app.store.watchedHistory == [.breakwater1, .harbor1])
  }

  // MARK: - The show screen

  /// The app on Activity with Breakwater's screen open and loaded, Slack Tide watched.
  private func appOnBreakwater() async throws -> TrackerApp {
    let app = TrackerApp(store: makeAppStore(history: [.breakwater2]))
    try await app.open(number: 1).finish()
    return app
  }

  private func press(_ keys: [Key], in app: TrackerApp) async -> [KeyBindings.Outcome] {
    var outcomes: [KeyBindings.Outcome] = []
    for key in keys {
      let outcome = KeyBindings.handle(key, in: app)
      if case .handled(let task) = outcome { await task?.finish() }
      outcomes.append(outcome)
    }
    return outcomes
  }

  @Test func oAndRightOpenTheShowUnderTheCursor() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .breakwater2]))
    _ = await press([.down, .character("o")], in: app)
    #expect(app.topScreen?.frame.lines.first == "Breakwater (Northline)")

    app.select(.search)
    await app.type("fog").finish()
    _ = await press([.right], in: app)
    #expect(app.topScreen?.frame.lines.first == "Harbor Lights (Northline)")
  }

  @Test func onAScreenEnterWatchesAndAsksBeforeUnwatching() async throws {
    let app = try await appOnBreakwater()

    _ = await press([.enter], in: app)
    #expect(app.store.watchedHistory == [.breakwater1, .breakwater2])

    _ = await press([.down, .enter], in: app)
    #expect(app.dialog != nil)
    _ = await press([.character("y")], in: app)
    #expect(app.dialog == nil)
    #expect(app.store.watchedHistory == [.breakwater1])
  }

  @Test func whileTheDialogIsShownOnlyItsKeysAct() async throws {
    let app = try await appOnBreakwater()
    _ = await press([.down, .character("u")], in: app)

    let outcomes = await press([.character("q"), .character("3"), .down, .escape], in: app)

    #expect(!outcomes.contains(.quit))
    #expect(app.dialog == nil)
    #expect(app.topScreen?.selection == 1)
    #expect(app.selectedTab == .activity)
    #expect(app.store.watchedHistory == [.breakwater2])
  }

  @Test func theNoteTakesEveryPrintableKeyAndEnterSavesIt() async throws {
    let app = try await appOnBreakwater()

    let outcomes = await press(
      [.character("n")] + "quit 2".map(Key.character) + [.backspace, .enter], in: app)

    #expect(!outcomes.contains(.quit))
    #expect(app.noteForm == nil)
    // Saved trimmed.
    #expect(app.store.notes == [1: "quit"])
    #expect(app.selectedTab == .activity)
  }

  @Test func escapeClosesTheNoteUnsavedThenGoesBack() async throws {
    let app = try await appOnBreakwater()
    _ = await press([.character("n"), .character("x"), .escape], in: app)
    #expect(app.noteForm == nil)
    #expect(app.store.notes == [:])
    #expect(app.topScreen != nil)

    _ = await press([.escape], in: app)
    #expect(app.topScreen == nil)
  }

  @Test func aTabKeyOnAScreenClosesItAndPicksTheTab() async throws {
    let app = try await appOnBreakwater()
    _ = await press([.character("2")], in: app)
    #expect(app.topScreen == nil)
    #expect(app.selectedTab == .search)
  }

  @Test func hintsFollowWhatIsShown() async throws {
    let app = try await appOnBreakwater()
    #expect(KeyBindings.hints(in: app).contains("Enter watch/unwatch"))
    #expect(KeyBindings.hints(in: app).last == "q quit")

    _ = await press([.down, .character("u")], in: app)
    #expect(
      KeyBindings.hints(in: app) == ["Enter Mark unwatched", "Esc Keep it watched", "Ctrl-C quit"])

    _ = await press([.escape, .character("n")], in: app)
    #expect(
      KeyBindings.hints(in: app) == [
        "type the note", "Enter save", "Esc close unsaved", "Ctrl-C quit",
      ])
  }
}

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
    #expect(screen.update([(1, "abcdef")]) == "\u{1B}[1;1Habcd\u{1B}[K")
  }

  @Test func clearForgetsWhatWasDrawn() {
    var screen = Screen(width: 10, height: 2)
    _ = screen.update([(1, "same")])
    _ = screen.clear(width: 10, height: 2)
    #expect(screen.update([(1, "same")]) == "\u{1B}[1;1Hsame\u{1B}[K")
  }

  @Test func theContentWindowKeepsTheCursorLineInView() {
    let lines = (0..<10).map { $0 == 8 ? "›\($0)" : " \($0)" }
    #expect(InteractiveMode.window(lines, rows: 4) == [" 6", " 7", "›8", " 9"])
    #expect(InteractiveMode.window(Array(lines.prefix(3)), rows: 4).count == 3)
  }
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

  @Test func qQuitsOutsideSearchAndCtrlCQuitsAnywhere() {
    let app = TrackerApp(store: makeAppStore())
    #expect(KeyBindings.handle(.character("q"), in: app) == .quit)
    app.select(.search)
    #expect(KeyBindings.handle(.interrupt, in: app) == .quit)
  }

  @Test func jMovesAndSpaceWatchesOnTheActivityTab() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .breakwater1]))
    _ = KeyBindings.handle(.character("j"), in: app)
    if case .handled(let task) = KeyBindings.handle(.character(" "), in: app) {
      await task?.finish()
    }
    #expect(app.store.watchedHistory == [.breakwater1, .harbor1])
  }
}

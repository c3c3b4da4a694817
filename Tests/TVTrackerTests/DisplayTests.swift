import Conduit
import Foundation
import Testing

@testable import TVTrackerCore

/// The full-screen layout, drawn into a ``Screen`` at chosen sizes; no terminal needed.
@MainActor
@Suite struct DisplayTests {
  /// One show of 38 episodes, so a search for it finds more than any window shows.
  private static let longCatalog = Catalog(shows: [
    Show(
      id: 9, title: "Longrun", network: "Northline", posterURL: nil,
      episodes: (1...38).map {
        Episode(ids: Ids(show: 9, season: 1, episode: $0), title: "Part \($0)", firstAired: nil)
      })
  ])

  private func makeApp(catalog: Catalog = .test, history: [Ids] = []) -> TrackerApp {
    TrackerApp(
      store: Store(
        initialState: AppFeature.State(
          catalog: catalog, watchedHistory: history, historyPath: "history.json"),
        reducer: AppFeature(catalog: catalog, clock: ImmediateClock(), storage: .discarding)))
  }

  @Test func aWindowTooSmallSaysSoInsteadOfDrawingTheApp() {
    let display = Display(app: makeApp())

    _ = display.redrawAll(size: .init(width: 20, height: 5))

    #expect(display.isTooSmall)
    #expect(
      display.screen.rows == [
        "The window is 20x5;", "tv-tracker needs at", "least 40x9. Make it",
        "larger, or press", "Ctrl-C to quit.",
      ])
  }

  @Test func theMessageGoesAndTheAppIsDrawnWhenTheWindowGrows() {
    let display = Display(app: makeApp())
    _ = display.redrawAll(size: .init(width: 20, height: 5))

    let output = display.redrawAll(size: .init(width: 60, height: 15))

    #expect(!display.isTooSmall)
    #expect(output.hasPrefix("\u{1B}[H\u{1B}[2J"))
    #expect(display.screen.rows[0] == " [1 Activity]   2 Search    3 Profile")
    #expect(display.screen.rows[2] == " Nothing watched yet.")
  }

  @Test func nothingButTheMessageIsDrawnWhileTooSmall() async {
    let app = makeApp()
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 39, height: 30))

    app.select(.search)
    await app.type("fog").finish()

    #expect(display.flush() == "")
    #expect(display.screen.rows.first == "The window is 39x30; tv-tracker needs")
  }

  @Test func searchKeepsTheQueryOnScreenAndReachesEveryResult() async {
    let app = makeApp(catalog: Self.longCatalog)
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 60, height: 15))
    app.select(.search)
    await app.type("longrun").finish()
    _ = display.flush()
    var numbersSeen: Set<Int> = []

    for step in 0..<38 {
      if step > 0 { app.moveSelection(by: 1) }
      _ = display.flush()
      let rows = display.screen.rows
      #expect(rows[2] == " Search: longrun", "step \(step)")
      #expect(rows[3] == " 38 episodes match \"longrun\":", "step \(step)")
      #expect(
        rows.contains { $0.hasPrefix(" ›") && $0.contains("Part \(step + 1) ") }, "step \(step)")
      for row in rows {
        guard let part = row.components(separatedBy: "Part ").dropFirst().first else { continue }
        if let number = Int(part.prefix { $0.isNumber }) { numbersSeen.insert(number) }
      }
    }
    #expect(numbersSeen == Set(1...38))
    #expect(display.screen.rows[11] == "   (32-38 of 38)")
  }

  @Test func movingTheCursorRedrawsTheTwoRowsItLeftAndReachedAndTheStatus() async {
    let app = makeApp(catalog: Self.longCatalog)
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 60, height: 15))
    app.select(.search)
    await app.type("longrun").finish()
    _ = display.flush()

    app.moveSelection(by: 1)
    let output = display.flush()

    #expect(output.components(separatedBy: "\u{1B}[").filter { $0.contains(";1H") }.count == 3)
    #expect(output.contains("\u{1B}[5;1H   1.   Longrun"))
    #expect(output.contains("\u{1B}[6;1H › 2.   Longrun"))
    #expect(output.contains("\u{1B}[15;1H renders:"))
  }

  @Test func everyRowFitsTheWindowWhateverTheTitlesAreWrittenIn() async throws {
    let wide = Catalog(shows: [
      Show(
        id: 3, title: "東京の灯り 🌃", network: "NHK", posterURL: nil,
        episodes: [
          Episode(
            ids: Ids(show: 3, season: 1, episode: 1), title: "第一話 はじまりの夜の港と灯台", firstAired: nil),
          Episode(
            ids: Ids(show: 3, season: 1, episode: 2), title: "Ｆｕｌｌｗｉｄｔｈ 👨‍👩‍👧 Cafe\u{301}",
            firstAired: nil),
        ])
    ])
    let app = makeApp(catalog: wide, history: [Ids(show: 3, season: 1, episode: 1)])
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 50, height: 12))
    app.select(.search)
    await app.type("東京").finish()
    _ = display.flush()

    let rows = display.screen.rows
    #expect(rows.allSatisfy { TextWidth.columns($0) <= 50 })
    #expect(rows[4].hasPrefix(" › 1. * 東京の灯り 🌃     第一話 はじまりの夜の港~"))
  }

  @Test func hintsFitTheWidthAndAlwaysSayHowToQuit() {
    let items = KeyBindings.hints(for: .search, hasEntries: true)
    #expect(
      Display.fit(items, width: 59) == "type to search  up/down move  Enter watch  Ctrl-C quit")
    #expect(Display.fit(items, width: 10) == "Ctrl-C quit")
  }

  @Test func anEmptyActivityTabHintsNoKeysThatNeedAnEntry() {
    let display = Display(app: makeApp())
    _ = display.redrawAll(size: .init(width: 80, height: 24))
    #expect(display.screen.rows[22] == " 1/2/3 or Tab switch  / search  q quit")
  }

  // MARK: - The show screen

  private func appOnBreakwater() async throws -> TrackerApp {
    let app = makeApp(history: [.breakwater2])
    try await app.open(number: 1).finish()
    return app
  }

  /// The rows (from 1) an update wrote to.
  private func rowsWritten(_ output: String) -> [Int] {
    output.components(separatedBy: "\u{1B}[").compactMap { part in
      part.range(of: ";1H").flatMap { Int(part[..<$0.lowerBound]) }
    }
  }

  @Test func aShowsScreenTakesTheContentRegionUnderTheTabBar() async throws {
    let app = try await appOnBreakwater()
    let display = Display(app: app)

    _ = display.redrawAll(size: .init(width: 70, height: 12))

    #expect(
      Array(display.screen.rows[0...7]) == [
        " [1 Activity]   2 Search    3 Profile", String(repeating: "-", count: 70),
        " Breakwater (Northline)", " No note yet.", " 3 episodes (* watched):",
        " › 1.   The Undertow             S01E01  2019-03-14",
        "   2. * Slack Tide               S01E02  2019-03-21",
        "   3.   Breaking Point           S01E03",
      ])
    #expect(
      display.screen.rows[11]
        == " renders: tabs 1  history 1  search 1  profile 1  detail 2  rows 3")
  }

  @Test func watchingOneEpisodeRedrawsItsRowAndTheStatusOnly() async throws {
    let app = try await appOnBreakwater()
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 70, height: 12))

    try await app.watch(number: 3).finish()
    let output = display.flush()

    #expect(rowsWritten(output) == [8, 12])
    #expect(display.screen.rows[7] == "   3. * Breaking Point           S01E03")
  }

  @Test func typingTheNoteRedrawsItsLineAndTheStatusOnly() async throws {
    let app = try await appOnBreakwater()
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 80, height: 12))
    try app.note("Fin")
    _ = display.flush()
    #expect(
      Array(display.screen.rows[6...8]) == [
        "", " Note on Breakwater (3 of 100 characters):", "   Fin_",
      ])

    try app.note("Fini")
    let output = display.flush()

    // The form's two lines and the status line with its render count.
    #expect(rowsWritten(output) == [8, 9, 12])
    #expect(display.screen.rows[8] == "   Fini_")
    #expect(display.screen.rows[11].hasSuffix("detail 2  rows 3  note 3"))
  }

  @Test func theStatusLineClosesUpItsCountsRatherThanLoseOne() async throws {
    let app = try await appOnBreakwater()
    try app.note("x")

    #expect(
      Display.statusLine(app, width: 70)
        == " renders: tabs 1 history 1 search 1 profile 1 detail 2 rows 3 note 2")
    #expect(
      Display.statusLine(app, width: 80)
        == " renders: tabs 1  history 1  search 1  profile 1  detail 2  rows 3  note 2")
  }

  @Test func theDialogStaysOnScreenUnderALongList() async throws {
    let app = makeApp(catalog: Self.longCatalog, history: [Ids(show: 9, season: 1, episode: 38)])
    try await app.open(number: 1).finish()
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 60, height: 15))
    app.moveSelection(by: 37)

    try app.unwatch(number: 38)
    _ = display.flush()

    let rows = display.screen.rows
    #expect(rows[2] == " Longrun (Northline)")
    #expect(rows.contains { $0.hasPrefix(" ›38. * Part 38") })
    #expect(
      rows[9...11] == [
        " Mark \"Part 38\" (S01E38) unwatched?",
        " It leaves your history, with the time you watched it.",
        " [Mark unwatched]  [Keep it watched]",
      ])
    #expect(rows[13] == " Enter Mark unwatched  Esc Keep it watched  Ctrl-C quit")
  }

  @Test func goingBackRedrawsTheTabAndItsHints() async throws {
    let app = try await appOnBreakwater()
    let display = Display(app: app)
    _ = display.redrawAll(size: .init(width: 80, height: 24))

    try await app.back().finish()
    _ = display.flush()

    #expect(display.screen.rows[2] == " Watched 1 episode, most recent first:")
    #expect(display.screen.rows[22].hasPrefix(" 1/2/3 or Tab switch"))
    #expect(display.screen.rows[23] == " renders: tabs 1  history 1  search 1  profile 1")
  }
}

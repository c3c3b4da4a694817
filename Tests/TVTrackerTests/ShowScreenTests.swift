import Conduit
import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The show screens as the container binds them: one host for the frame, one per episode row,
/// one for what is presented, each counting its renders.
@MainActor
@Suite struct ShowScreenTests {
  /// The app on Search, with Breakwater's screen open and loaded.
  private func appOnBreakwater(
    history: [Ids] = [], notes: [Int: String] = [:], storage: HistoryStorage = .discarding
  ) async throws -> TrackerApp {
    let app = TrackerApp(store: makeAppStore(history: history, notes: notes, storage: storage))
    app.select(.search)
    await app.type("break").finish()
    try await app.open(number: 1).finish()
    return app
  }

  private func names(_ hosts: [ViewHost]) -> [String] {
    hosts.map(\.name)
  }

  @Test func openingAShowBindsAViewPerEpisodeRow() async throws {
    let app = try await appOnBreakwater(history: [.breakwater2])
    let screen = try #require(app.topScreen)

    #expect(names(screen.hosts) == ["detail", "episode 1", "episode 2", "episode 3"])
    #expect(
      screen.rows.map { $0.lines } == [
        [" 1.   The Undertow             S01E01  2019-03-14"],
        [" 2. * Slack Tide               S01E02  2019-03-21"],
        [" 3.   Breaking Point           S01E03"],
      ])
    // Once loading, once loaded; each row once, made with its mark.
    #expect(screen.frame.renderCount == 2)
    #expect(screen.rows.map(\.renderCount) == [1, 1, 1])
  }

  @Test func theScreenShowsItsFrameAboveTheRowsWithTheCursor() async throws {
    let app = try await appOnBreakwater(notes: [1: "Finish it"])
    app.moveSelection(by: 1)

    let rendering = try #require(app.topScreen).rendering

    #expect(
      rendering.header == ["Breakwater (Northline)", "Note: Finish it", "3 episodes (* watched):"])
    #expect(rendering.rows.map { String($0.prefix(4)) } == ["  1.", "› 2.", "  3."])
    #expect(rendering.selection == 1)
  }

  @Test func watchingOneEpisodeRendersThatRowAndNoOtherPartOfTheScreen() async throws {
    let app = try await appOnBreakwater()
    _ = app.takeRerendered()

    try await app.watch(number: 2).finish()

    #expect(names(app.takeRerendered()) == ["history", "search", "profile", "episode 2"])
    let screen = try #require(app.topScreen)
    #expect(screen.frame.renderCount == 2)
    #expect(screen.rows.map(\.renderCount) == [1, 2, 1])
    #expect(renderCounts(app)["tabs"] == 2)
  }

  @Test func movingTheCursorRendersTheFrameOnly() async throws {
    let app = try await appOnBreakwater()
    _ = app.takeRerendered()

    app.moveSelection(by: 1)

    #expect(names(app.takeRerendered()) == ["detail"])
  }

  @Test func typingTheNoteRendersTheFormAndNothingElse() async throws {
    let app = try await appOnBreakwater()
    try app.note(nil)
    let before = renderCounts(app)
    _ = app.takeRerendered()

    for text in ["F", "Fi", "Fin"] { try app.note(text) }

    #expect(names(app.takeRerendered()) == ["note"])
    #expect(renderCounts(app) == before)
    #expect(app.topScreen?.frame.renderCount == 2)
    #expect(app.topScreen?.presented?.host.renderCount == 4)
    #expect(
      app.topScreen?.presented?.host.lines == [
        "Note on Breakwater (3 of 100 characters):", "  Fin_",
      ])
  }

  @Test func savingTheNoteClosesTheFormShowsTheNoteAndSavesIt() async throws {
    let log = SaveLog()
    let app = try await appOnBreakwater(history: [.harbor1], storage: log.storage)
    for task in try app.note("Finish it") { await task.finish() }
    _ = app.takeRerendered()

    try await app.saveNote().finish()

    #expect(names(app.takeRerendered()) == ["detail"])
    #expect(app.takeClosed() == ["note"])
    #expect(app.topScreen?.frame.lines[1] == "Note: Finish it")
    #expect(await log.saves == [SavedHistory(watched: [.harbor1], notes: [1: "Finish it"])])
  }

  @Test func cancellingTheNoteKeepsTheOldOne() async throws {
    let log = SaveLog()
    let app = try await appOnBreakwater(notes: [1: "old"], storage: log.storage)
    for task in try app.note("new") { await task.finish() }

    try await app.cancel().finish()

    #expect(app.takeClosed() == ["note"])
    #expect(app.topScreen?.frame.lines[1] == "Note: old")
    #expect(app.store.notes == [1: "old"])
    #expect(await log.saves.isEmpty)
  }

  @Test func theDialogAsksBeforeUnwatchingAndCancelKeepsTheEpisode() async throws {
    let app = try await appOnBreakwater(history: [.breakwater2])
    _ = app.takeRerendered()

    try app.unwatch(number: 2)
    #expect(names(app.takeRerendered()) == ["dialog"])
    #expect(
      app.topScreen?.presented?.host.lines == [
        "Mark \"Slack Tide\" (S01E02) unwatched?",
        "It leaves your history, with the time you watched it.",
        "[Mark unwatched]  [Keep it watched]",
      ])

    try await app.cancel().finish()

    #expect(app.takeClosed() == ["dialog"])
    #expect(app.takeRerendered().isEmpty)
    #expect(app.store.watchedHistory == [.breakwater2])
  }

  @Test func confirmingUnwatchesTheEpisodeAndRendersItsRow() async throws {
    let log = SaveLog()
    let app = try await appOnBreakwater(history: [.harbor1, .breakwater2], storage: log.storage)
    try app.unwatch(number: 2)
    _ = app.takeRerendered()

    try await app.confirm().finish()

    #expect(names(app.takeRerendered()) == ["history", "search", "profile", "episode 2"])
    #expect(app.takeClosed() == ["dialog"])
    #expect(app.store.watchedHistory == [.harbor1])
    #expect(await log.histories == [[.harbor1]])
  }

  @Test func enterOnAWatchedEpisodeAsksToUnwatchIt() async throws {
    let app = try await appOnBreakwater(history: [.breakwater1])

    app.watchSelected()

    #expect(app.dialog?.state.buttons.first?.action.action == .unwatch(.breakwater1))
  }

  @Test func backClosesTheScreenAndTheTabIsShownAgain() async throws {
    let app = try await appOnBreakwater()
    _ = app.takeRerendered()

    try await app.back().finish()

    #expect(app.topScreen == nil)
    #expect(app.takeClosed() == ["detail"])
    #expect(app.takeRerendered().isEmpty)
    #expect(app.store.path.isEmpty)
  }

  @Test func selectingATabClosesTheScreen() async throws {
    let app = try await appOnBreakwater()

    app.select(.activity)

    #expect(app.topScreen == nil)
    #expect(app.takeClosed() == ["detail"])
  }

  /// Without the cancellation, waiting for the opening would wait for a clock that never
  /// moves: the time limit fails the test.
  @Test(.timeLimit(.minutes(1)))
  func goingBackBeforeTheEpisodesArriveStopsTheLoading() async throws {
    let clock = TestClock()
    // From Activity: a search would wait on this clock too.
    let app = TrackerApp(store: makeAppStore(history: [.breakwater1], clock: clock))
    let opening = try app.open(number: 1)
    #expect(app.topScreen?.frame.lines.last == "Loading episodes...")

    try app.back()
    await opening.finish()

    #expect(clock.sleeperCount == 0)
    #expect(app.topScreen == nil)
  }

  @Test func anOpenScreenFollowsAWatchFromElsewhere() async throws {
    let app = try await appOnBreakwater()

    await app.store.send(.markAsWatched(episode: .breakwater3, watched: true)).finish()

    #expect(app.topScreen?.rows[2].lines == [" 3. * Breaking Point           S01E03"])
  }

  @Test func commandsThatDoNotFitWhatIsShownSayWhy() async throws {
    let app = try await appOnBreakwater(history: [.breakwater1])
    #expect(throws: CommandError("unwatch: episode 2 is not watched")) {
      try app.unwatch(number: 2)
    }
    #expect(throws: CommandError("watch: no episode 4; the show has 3 episodes (1-3)")) {
      try app.watch(number: 4)
    }
    #expect(throws: CommandError("open: a show's screen is open; 'back' closes it")) {
      try app.open(number: 1)
    }
    #expect(throws: CommandError("confirm: there is no question to answer")) {
      try app.confirm()
    }
    #expect(throws: CommandError("save: no note is being written; 'note' opens the show's note")) {
      try app.saveNote()
    }
    try app.note(nil)
    #expect(throws: CommandError("back: the note is open; 'save' or 'cancel' it first")) {
      try app.back()
    }
    // The form closes itself from an effect.
    try await app.cancel().finish()
    try app.unwatch(number: 1)
    #expect(throws: CommandError("note: answer the question first ('confirm' or 'cancel')")) {
      try app.note("x")
    }
  }

  @Test func showCommandsNeedAnOpenScreen() {
    let app = TrackerApp(store: makeAppStore())
    #expect(throws: CommandError("back: no show's screen is open")) { try app.back() }
    #expect(throws: CommandError("unwatch: open a show's screen first, such as 'open 1'")) {
      try app.unwatch(number: 1)
    }
    #expect(throws: CommandError("note: open a show's screen first, such as 'open 1'")) {
      try app.note(nil)
    }
    #expect(throws: CommandError("cancel: there is no question or note to cancel")) {
      try app.cancel()
    }
  }

  @Test func openingFromActivityOpensTheShowOfThePoster() async throws {
    let app = TrackerApp(store: makeAppStore(history: [.harbor2, .breakwater1]))

    try await app.open(number: 1).finish()

    #expect(app.topScreen?.frame.lines.first == "Harbor Lights (Northline)")
    #expect(app.topScreen?.rows.count == 2)
  }

  @Test func editingTheTopScreenRendersNothingOfTheScreenBelow() async throws {
    let app = TrackerApp(store: makeAppStore())
    await app.store.send(.showOpened(1)).finish()
    await app.store.send(.showOpened(5)).finish()
    let (below, top) = (app.screens[0], app.screens[1])
    _ = app.takeRerendered()

    app.moveSelection(by: 1)
    try await app.watch(number: 2).finish()

    #expect(
      names(app.takeRerendered()) == ["history", "profile", "detail", "episode 2"])
    #expect(top.frame.renderCount == 3)
    #expect(below.hosts.map(\.renderCount) == [2, 1, 1, 1])
  }
}

import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The whole app's reducer, driven through a test store with test doubles for the storage and
/// the clock: every state change and every action the save effect sends back is asserted.
@MainActor
@Suite struct AppFeatureTests {
  /// A test store of the app with the test catalog; its clock moves only when a test says so.
  private func makeStore(
    history: [Ids] = [], notes: [Int: String] = [:], saveProblem: String? = nil,
    storage: HistoryStorage = .discarding, clock: TestClock = TestClock()
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: AppFeature.State(
        catalog: .test, watchedHistory: history, notes: notes, historyPath: "history.json",
        saveProblem: saveProblem),
      reducer: AppFeature(catalog: .test, clock: clock, storage: storage))
  }

  @Test func selectingATabChangesOnlyTheSelectedTab() async {
    let store = makeStore()

    await store.send(.tabSelected(.profile)) { $0.selectedTab = .profile }
    await store.finish()
  }

  @Test func watchingPutsTheEpisodeFirstAndSavesTheHistory() async {
    let log = SaveLog()
    let store = makeStore(history: [.harbor1, .breakwater1], storage: log.storage)

    await store.send(.markAsWatched(episode: .breakwater1, watched: true)) {
      $0.watchedHistory = [.breakwater1, .harbor1]
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.histories == [[.breakwater1, .harbor1]])
  }

  @Test func watchingMovesTheActivityCursorToTheTop() async {
    let store = makeStore(history: [.harbor1, .breakwater1])
    await store.send(.activity(.selectionMoved(by: 1))) { $0.activity.selection = 1 }

    await store.send(.markAsWatched(episode: .harbor2, watched: true)) {
      $0.watchedHistory = [.harbor2, .harbor1, .breakwater1]
      $0.activity.selection = 0
    }
    await store.receive(.profile(.saved))
    await store.finish()
  }

  @Test func watchingTheLatestEpisodeAgainChangesNothingAndSavesNothing() async {
    let log = SaveLog()
    let store = makeStore(history: [.harbor1], storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: true))
    await store.finish()

    #expect(await log.histories.isEmpty)
  }

  @Test func unwatchingRemovesTheEpisodeAndSaves() async {
    let log = SaveLog()
    let store = makeStore(history: [.harbor1, .breakwater1], storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: false)) {
      $0.watchedHistory = [.breakwater1]
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.histories == [[.breakwater1]])
  }

  @Test func unwatchingTheLastPosterMovesTheActivityCursorOntoTheNewLast() async {
    let store = makeStore(history: [.harbor1, .breakwater1])
    await store.send(.activity(.selectionMoved(by: 1))) { $0.activity.selection = 1 }

    await store.send(.markAsWatched(episode: .breakwater1, watched: false)) {
      $0.watchedHistory = [.harbor1]
      $0.activity.selection = 0
    }
    await store.receive(.profile(.saved))
    await store.finish()
  }

  @Test func aFailedSaveShowsTheProblemOnTheProfile() async {
    let log = SaveLog()
    await log.failNextSave(HistoryFileError(description: "cannot write to /ro: Read-only"))
    let store = makeStore(storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: true)) {
      $0.watchedHistory = [.harbor1]
    }
    await store.receive(.profile(.saveFailed("cannot write to /ro: Read-only"))) {
      $0.profile.saveProblem = "cannot write to /ro: Read-only"
    }
    await store.finish()

    #expect(await log.histories.isEmpty)
  }

  @Test func aSaveThatWorksAfterAFailedOneClearsTheProblem() async {
    let log = SaveLog()
    // The state a failed save of [.harbor1] leaves behind.
    let store = makeStore(
      history: [.harbor1], saveProblem: "cannot write to /ro: Read-only", storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor2, watched: true)) {
      $0.watchedHistory = [.harbor2, .harbor1]
    }
    await store.receive(.profile(.saved)) { $0.profile.saveProblem = nil }
    await store.finish()

    #expect(await log.histories == [[.harbor2, .harbor1]])
  }

  @Test func theActivityCursorStopsAtTheLastPoster() async {
    let store = makeStore(history: [.harbor1, .breakwater1])

    await store.send(.activity(.selectionMoved(by: 5))) { $0.activity.selection = 1 }
    await store.finish()
  }

  @Test func theSearchTabDebouncesOnTheAppsClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)

    await store.send(.search(.queryChanged("fog"))) {
      $0.search.query = "fog"
      $0.search.isSearching = true
    }
    await clock.advance(by: .milliseconds(250))
    await store.receive(.search(.matchesLoaded(Catalog.Matches(episodes: [.harbor2], total: 1)))) {
      $0.search.matches = [.harbor2]
      $0.search.totalMatches = 1
      $0.search.isSearching = false
    }
    await store.finish()
  }

  // MARK: - The show screen on the stack

  private let slackTideDialog = ShowDetail.unwatchDialog(
    for: EpisodeRow.State(
      ids: .breakwater2, number: 2, title: "Slack Tide", aired: "2019-03-21", isWatched: true))

  /// Opens Breakwater's screen and lets its episodes arrive.
  private func openBreakwater(
    _ store: TestStore<AppFeature.State, AppFeature.Action>, clock: TestClock,
    watched: Set<Ids> = [], note: String = ""
  ) async {
    await store.send(.showOpened(1)) {
      $0.path.append(
        ShowDetail.State(show: 1, title: "Breakwater", network: "Northline", note: note))
    }
    await store.receive(.path(.element(id: 0, action: .task)))
    await clock.advance(by: .milliseconds(300))
    await store.receive(
      .path(.element(id: 0, action: .episodesLoaded(Catalog.test.shows[0].episodes)))
    ) {
      $0.path[id: 0]?.isLoading = false
      $0.path[id: 0]?.episodes = .breakwater(watched: watched)
    }
  }

  @Test func openingAShowPushesItsScreenWhichLoadsWithTheWatchedMarks() async {
    let clock = TestClock()
    let store = makeStore(history: [.harbor1, .breakwater2], clock: clock)

    await openBreakwater(store, clock: clock, watched: [.breakwater2])
    await store.finish()
  }

  @Test func aPushedScreenLoadsToo() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)

    await store.send(.path(.push(id: 0, state: .breakwater))) { $0.path.append(.breakwater) }
    await store.receive(.path(.element(id: 0, action: .task)))
    await clock.advance(by: .milliseconds(300))
    await store.receive(
      .path(.element(id: 0, action: .episodesLoaded(Catalog.test.shows[0].episodes)))
    ) {
      $0.path[id: 0]?.isLoading = false
      $0.path[id: 0]?.episodes = .breakwater()
    }
  }

  @Test func goingBackBeforeTheEpisodesArriveCancelsTheLoading() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showOpened(1)) { $0.path.append(.breakwater) }
    await store.receive(.path(.element(id: 0, action: .task)))
    #expect(clock.sleeperCount == 1)

    await store.send(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }

    #expect(clock.sleeperCount == 0)
    // Were the loading still running, this would deliver its episodes to a popped screen.
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func selectingATabPopsTheScreensAndCancelsTheirLoading() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.showOpened(1)) { $0.path.append(.breakwater) }
    await store.receive(.path(.element(id: 0, action: .task)))

    await store.send(.tabSelected(.search)) {
      $0.selectedTab = .search
      $0.path.removeAll()
    }

    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func openingAShowThatIsNotInTheCatalogDoesNothing() async {
    let store = makeStore()
    await store.send(.showOpened(99))
    await store.finish()
  }

  @Test func watchingOnTheScreenMarksItsRowAndSavesTheHistory() async {
    let clock = TestClock()
    let log = SaveLog()
    let store = makeStore(history: [.harbor1], storage: log.storage, clock: clock)
    await openBreakwater(store, clock: clock)

    await store.send(
      .path(.element(id: 0, action: .episodes(.element(id: .breakwater3, action: .watchTapped))))
    )
    await store.receive(.path(.element(id: 0, action: .delegate(.setWatched(.breakwater3, true)))))
    {
      $0.watchedHistory = [.breakwater3, .harbor1]
      $0.path[id: 0]?.episodes[id: .breakwater3]?.isWatched = true
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.histories == [[.breakwater3, .harbor1]])
  }

  @Test func aWatchFromSearchMarksTheRowOnAnOpenScreen() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await openBreakwater(store, clock: clock)

    await store.send(.markAsWatched(episode: .breakwater1, watched: true)) {
      $0.watchedHistory = [.breakwater1]
      $0.path[id: 0]?.episodes[id: .breakwater1]?.isWatched = true
    }
    await store.receive(.profile(.saved))
    await store.finish()
  }

  @Test func unwatchingWaitsForTheDialogAndCancellingKeepsTheEpisode() async {
    let clock = TestClock()
    let log = SaveLog()
    let store = makeStore(history: [.breakwater2], storage: log.storage, clock: clock)
    await openBreakwater(store, clock: clock, watched: [.breakwater2])

    await store.send(
      .path(
        .element(id: 0, action: .episodes(.element(id: .breakwater2, action: .unwatchTapped))))
    ) {
      $0.path[id: 0]?.destination = .confirmUnwatch(slackTideDialog)
    }
    // The dialog's cancel button has no action: choosing it dismisses.
    await store.send(.path(.element(id: 0, action: .destination(.dismiss)))) {
      $0.path[id: 0]?.destination = nil
    }
    await store.finish()

    #expect(store.state.watchedHistory == [.breakwater2])
    #expect(await log.saves.isEmpty)
  }

  @Test func confirmingTheDialogUnwatchesTheEpisodeAndSaves() async {
    let clock = TestClock()
    let log = SaveLog()
    let store = makeStore(history: [.harbor1, .breakwater2], storage: log.storage, clock: clock)
    await openBreakwater(store, clock: clock, watched: [.breakwater2])
    await store.send(
      .path(
        .element(id: 0, action: .episodes(.element(id: .breakwater2, action: .unwatchTapped))))
    ) {
      $0.path[id: 0]?.destination = .confirmUnwatch(slackTideDialog)
    }

    await store.send(
      .path(
        .element(id: 0, action: .destination(.presented(.confirmUnwatch(.unwatch(.breakwater2))))))
    ) {
      $0.path[id: 0]?.destination = nil
    }
    await store.receive(
      .path(.element(id: 0, action: .delegate(.setWatched(.breakwater2, false))))
    ) {
      $0.watchedHistory = [.harbor1]
      $0.path[id: 0]?.episodes[id: .breakwater2]?.isWatched = false
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.histories == [[.harbor1]])
  }

  @Test func aSavedNoteIsKeptForTheShowAndSavedWithTheHistory() async {
    let clock = TestClock()
    let log = SaveLog()
    let store = makeStore(history: [.harbor1], storage: log.storage, clock: clock)
    await openBreakwater(store, clock: clock)
    await store.send(.path(.element(id: 0, action: .noteTapped))) {
      $0.path[id: 0]?.destination = .note(NoteForm.State(showTitle: "Breakwater", text: ""))
    }
    await store.send(
      .path(.element(id: 0, action: .destination(.presented(.note(.set(\.text, "Finish it"))))))
    ) {
      $0.path[id: 0]?.destination = .note(
        NoteForm.State(showTitle: "Breakwater", text: "Finish it"))
    }

    await store.send(.path(.element(id: 0, action: .destination(.presented(.note(.saveTapped)))))) {
      $0.path[id: 0]?.note = "Finish it"
    }
    await store.receive(.path(.element(id: 0, action: .destination(.dismiss)))) {
      $0.path[id: 0]?.destination = nil
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.noteSaved("Finish it"))))) {
      $0.notes = [1: "Finish it"]
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.saves == [SavedHistory(watched: [.harbor1], notes: [1: "Finish it"])])
  }

  @Test func aScreenOpensWithTheShowsNote() async {
    let store = makeStore(notes: [1: "Finish it"])
    await store.send(.showOpened(1)) {
      $0.path.append(
        ShowDetail.State(show: 1, title: "Breakwater", network: "Northline", note: "Finish it"))
    }
    await store.receive(.path(.element(id: 0, action: .task)))
    await store.send(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
  }

  @Test func savingAnEmptyNoteRemovesIt() async {
    let log = SaveLog()
    var state = AppFeature.State(catalog: .test, notes: [1: "Finish it"])
    var screen = ShowDetail.State(show: 1, title: "Breakwater", network: "Northline", note: "x")
    screen.destination = .note(NoteForm.State(showTitle: "Breakwater", text: " "))
    state.path.append(screen)
    let store = TestStore(
      initialState: state,
      reducer: AppFeature(catalog: .test, clock: TestClock(), storage: log.storage))

    await store.send(.path(.element(id: 0, action: .destination(.presented(.note(.saveTapped)))))) {
      $0.path[id: 0]?.note = ""
    }
    await store.receive(.path(.element(id: 0, action: .destination(.dismiss)))) {
      $0.path[id: 0]?.destination = nil
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.noteSaved(""))))) {
      $0.notes = [:]
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.saves == [SavedHistory(watched: [], notes: [:])])
  }

  @Test func savingTheSameNoteAgainSavesNothing() async {
    let log = SaveLog()
    var state = AppFeature.State(catalog: .test, notes: [1: "Finish it"])
    var screen = ShowDetail.State(
      show: 1, title: "Breakwater", network: "Northline", note: "Finish it")
    screen.destination = .note(NoteForm.State(showTitle: "Breakwater", text: "Finish it"))
    state.path.append(screen)
    let store = TestStore(
      initialState: state,
      reducer: AppFeature(catalog: .test, clock: TestClock(), storage: log.storage))

    await store.send(.path(.element(id: 0, action: .destination(.presented(.note(.saveTapped))))))
    await store.receive(.path(.element(id: 0, action: .destination(.dismiss)))) {
      $0.path[id: 0]?.destination = nil
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.noteSaved("Finish it")))))
    await store.finish()

    #expect(await log.saves.isEmpty)
  }
}

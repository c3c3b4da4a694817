import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The whole app's reducer, driven through a test store with test doubles for the storage and
/// the clock: every state change and every action the save effect sends back is asserted.
@MainActor
@Suite struct AppFeatureTests {
  /// A test store of the app with the test catalog; its clock moves only when a test says so.
  private func makeStore(
    history: [Ids] = [], saveProblem: String? = nil, storage: HistoryStorage = .discarding,
    clock: TestClock = TestClock()
  ) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: AppFeature.State(
        catalog: .test, watchedHistory: history, historyPath: "history.json",
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

    #expect(await log.saves == [[.breakwater1, .harbor1]])
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

    #expect(await log.saves.isEmpty)
  }

  @Test func unwatchingRemovesTheEpisodeAndSaves() async {
    let log = SaveLog()
    let store = makeStore(history: [.harbor1, .breakwater1], storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: false)) {
      $0.watchedHistory = [.breakwater1]
    }
    await store.receive(.profile(.saved))
    await store.finish()

    #expect(await log.saves == [[.breakwater1]])
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

    #expect(await log.saves.isEmpty)
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

    #expect(await log.saves == [[.harbor2, .harbor1]])
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
}

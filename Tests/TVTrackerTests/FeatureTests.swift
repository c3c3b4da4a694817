import Conduit
import Testing

@testable import TVTrackerCore

/// The reducers, driven through a store with test doubles for the clock and the storage.
@MainActor
@Suite struct AppFeatureTests {
  @Test func selectingATabChangesOnlyTheSelectedTab() {
    let store = makeAppStore()
    store.send(.tabSelected(.profile))
    #expect(store.selectedTab == .profile)
    #expect(store.watchedHistory.isEmpty)
  }

  @Test func watchingPutsTheEpisodeFirstAndSavesTheHistory() async {
    let log = SaveLog()
    let store = makeAppStore(history: [.harbor1, .breakwater1], storage: log.storage)

    await store.send(.markAsWatched(episode: .breakwater1, watched: true)).finish()

    #expect(store.watchedHistory == [.breakwater1, .harbor1])
    #expect(await log.saves == [[.breakwater1, .harbor1]])
  }

  @Test func watchingMovesTheActivityCursorToTheTop() async {
    let store = makeAppStore(history: [.harbor1, .breakwater1])
    store.send(.activity(.selectionMoved(by: 1)))
    #expect(store.activity.selection == 1)

    await store.send(.markAsWatched(episode: .harbor2, watched: true)).finish()

    #expect(store.activity.selection == 0)
  }

  @Test func watchingTheLatestEpisodeAgainChangesNothingAndSavesNothing() async {
    let log = SaveLog()
    let store = makeAppStore(history: [.harbor1], storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: true)).finish()

    #expect(store.watchedHistory == [.harbor1])
    #expect(await log.saves.isEmpty)
  }

  @Test func unwatchingRemovesTheEpisodeAndSaves() async {
    let log = SaveLog()
    let store = makeAppStore(history: [.harbor1, .breakwater1], storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: false)).finish()

    #expect(store.watchedHistory == [.breakwater1])
    #expect(await log.saves == [[.breakwater1]])
  }

  @Test func aFailedSaveIsShownOnTheProfileUntilASaveWorks() async {
    let log = SaveLog()
    await log.failNextSave(HistoryFileError(description: "cannot write to /ro: Read-only"))
    let store = makeAppStore(storage: log.storage)

    await store.send(.markAsWatched(episode: .harbor1, watched: true)).finish()
    #expect(store.profile.saveProblem == "cannot write to /ro: Read-only")

    await store.send(.markAsWatched(episode: .harbor2, watched: true)).finish()
    #expect(store.profile.saveProblem == nil)
    #expect(await log.saves == [[.harbor2, .harbor1]])
  }

  @Test func theActivityCursorStopsAtTheLastPoster() {
    let store = makeAppStore(history: [.harbor1, .breakwater1])
    store.send(.activity(.selectionMoved(by: 5)))
    #expect(store.activity.selection == 1)
    store.send(.activity(.selectionMoved(by: -9)))
    #expect(store.activity.selection == 0)
  }
}

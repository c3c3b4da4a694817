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

@MainActor
@Suite struct SearchTests {
  /// A store of the Search feature alone, with every action it handled in `log`.
  private func makeStore(
    clock: any Clock<Duration>, log: ActionLog
  ) -> Store<Search.State, Search.Action> {
    Store(
      initialState: Search.State(),
      reducer: CombineReducers {
        Reduce<Search.State, Search.Action> { _, action in
          log.actions.append(action)
          return .none
        }
        Search(catalog: .test, clock: clock)
      })
  }

  @Test func typingWaitsForTheDebounceBeforeSearching() async {
    let clock = TestClock()
    let log = ActionLog()
    let store = makeStore(clock: clock, log: log)

    let task = store.send(.queryChanged("fog"))
    #expect(store.isSearching)
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(249))
    #expect(clock.sleeperCount == 1)
    #expect(store.matches.isEmpty)

    clock.advance(by: .milliseconds(1))
    await task.finish()

    #expect(store.matches == [.harbor2])
    #expect(store.totalMatches == 1)
    #expect(!store.isSearching)
  }

  @Test func aNewQueryCancelsTheSearchBeforeIt() async {
    let clock = TestClock()
    let log = ActionLog()
    let store = makeStore(clock: clock, log: log)

    let first = store.send(.queryChanged("b"))
    await clock.waitForSleepers(1)
    let second = store.send(.queryChanged("breaking"))
    await first.finish()
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(250))
    await second.finish()

    #expect(
      log.actions == [
        .queryChanged("b"), .queryChanged("breaking"),
        .matchesLoaded(Catalog.Matches(episodes: [.breakwater3], total: 1)),
      ])
    #expect(store.matches == [.breakwater3])
  }

  @Test func clearingTheQueryCancelsTheSearchAndEmptiesTheResults() async {
    let clock = TestClock()
    let log = ActionLog()
    let store = makeStore(clock: clock, log: log)
    store.send(.matchesLoaded(Catalog.Matches(episodes: [.harbor1], total: 1)))

    let task = store.send(.queryChanged("fog"))
    await clock.waitForSleepers(1)
    store.send(.queryChanged(""))
    await task.finish()

    #expect(clock.sleeperCount == 0)
    #expect(store.state == Search.State())
    #expect(log.actions.last == .queryChanged(""))
  }

  @Test func theCursorStaysWithinTheResults() {
    let store = makeStore(clock: ImmediateClock(), log: ActionLog())
    store.send(.matchesLoaded(Catalog.Matches(episodes: [.harbor1, .harbor2], total: 2)))
    store.send(.selectionMoved(by: 3))
    #expect(store.selection == 1)
    store.send(.selectionMoved(by: -3))
    #expect(store.selection == 0)
  }

  @Test func newResultsPutTheCursorOnTheFirst() {
    var state = Search.State(matches: [.harbor1, .harbor2], totalMatches: 2, selection: 1)
    let search = Search(catalog: .test, clock: ImmediateClock())
    _ = search.reduce(
      into: &state, action: .matchesLoaded(Catalog.Matches(episodes: [.harbor2], total: 1)))
    #expect(state.selection == 0)
    #expect(state.matches == [.harbor2])
  }
}

/// The actions a store handled, in order.
@MainActor
final class ActionLog {
  var actions: [Search.Action] = []
}

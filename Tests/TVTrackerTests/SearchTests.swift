import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The Search feature alone, driven through a test store on a test clock: the debounce, the
/// cancellation of older searches and the cursor.
@MainActor
@Suite struct SearchTests {
  /// A test store of Search over the test catalog, debouncing on `clock` (250 ms, the default).
  private func makeStore(
    _ initialState: Search.State = Search.State(), clock: TestClock = TestClock()
  ) -> TestStore<Search.State, Search.Action> {
    TestStore(initialState: initialState, reducer: Search(catalog: .test, clock: clock))
  }

  @Test func typingWaitsForTheDebounceBeforeSearching() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)

    await store.send(.queryChanged("fog")) {
      $0.query = "fog"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(249))
    // Still asleep, so it has not searched yet.
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .milliseconds(1))
    await store.receive(.matchesLoaded(Catalog.Matches(episodes: [.harbor2], total: 1))) {
      $0.matches = [.harbor2]
      $0.totalMatches = 1
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func aNewQueryCancelsTheSearchBeforeIt() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.queryChanged("b")) {
      $0.query = "b"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))

    await store.send(.queryChanged("breaking")) { $0.query = "breaking" }
    #expect(clock.sleeperCount == 1)
    // Past both deadlines: only the search for "breaking" may deliver.
    await clock.advance(by: .milliseconds(250))
    await store.receive(.matchesLoaded(Catalog.Matches(episodes: [.breakwater3], total: 1))) {
      $0.matches = [.breakwater3]
      $0.totalMatches = 1
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func clearingTheQueryCancelsTheSearchAndEmptiesTheResults() async {
    let clock = TestClock()
    let store = makeStore(
      Search.State(query: "harbor", matches: [.harbor1, .harbor2], totalMatches: 2, selection: 1),
      clock: clock)
    await store.send(.queryChanged("fog")) {
      $0.query = "fog"
      $0.isSearching = true
    }

    await store.send(.queryChanged("")) { $0 = Search.State() }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func aQueryOfOnlySpacesDoesNotSearch() async {
    let store = makeStore()

    await store.send(.queryChanged("  ")) { $0.query = "  " }
    await store.finish()
  }

  @Test func theCursorStopsAtTheLastResult() async {
    let store = makeStore(Search.State(matches: [.harbor1, .harbor2], totalMatches: 2))

    await store.send(.selectionMoved(by: 3)) { $0.selection = 1 }
    await store.finish()
  }

  @Test func theCursorStopsAtTheFirstResult() async {
    let store = makeStore(
      Search.State(matches: [.harbor1, .harbor2], totalMatches: 2, selection: 1))

    await store.send(.selectionMoved(by: -3)) { $0.selection = 0 }
    await store.finish()
  }

  @Test func newResultsPutTheCursorOnTheFirst() async {
    let store = makeStore(
      Search.State(matches: [.harbor1, .harbor2], totalMatches: 2, selection: 1))

    await store.send(.matchesLoaded(Catalog.Matches(episodes: [.harbor2], total: 1))) {
      $0.matches = [.harbor2]
      $0.totalMatches = 1
      $0.selection = 0
    }
    await store.finish()
  }
}

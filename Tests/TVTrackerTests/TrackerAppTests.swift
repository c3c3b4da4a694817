import Conduit
import Testing

@testable import TVTrackerCore

/// The container with all four views bound, counting renders.
@MainActor
@Suite struct TrackerAppTests {
  @Test func everyViewRendersOnceWhenBound() {
    let app = TrackerApp(store: makeAppStore())
    #expect(renderCounts(app) == ["tabs": 1, "history": 1, "search": 1, "profile": 1])
    #expect(app.takeRerendered().map(\.name) == ["tabs", "history", "search", "profile"])
  }

  @Test func typingInSearchRendersNeitherTheTabBarNorTheHistory() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1]))
    app.select(.search)

    await app.type("b").finish()
    await app.type("br").finish()

    // Each query renders the search view twice: once searching, once with the results.
    #expect(renderCounts(app) == ["tabs": 2, "history": 1, "search": 5, "profile": 1])
    #expect(app.host(for: .search).lines.first == "Search: br")
  }

  @Test func switchingTabsRendersOnlyTheTabBar() {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1]))
    _ = app.takeRerendered()

    app.select(.profile)
    app.select(.search)

    #expect(app.takeRerendered().map(\.name) == ["tabs"])
    #expect(renderCounts(app) == ["tabs": 3, "history": 1, "search": 1, "profile": 1])
  }

  @Test func selectingTheSelectedTabAgainRendersNothing() {
    let app = TrackerApp(store: makeAppStore())
    _ = app.takeRerendered()
    app.select(.activity)
    #expect(app.takeRerendered().isEmpty)
  }

  @Test func watchingASearchResultRendersTheViewsThatShowTheHistory() async throws {
    let app = TrackerApp(store: makeAppStore())
    app.select(.search)
    await app.type("fog").finish()
    _ = app.takeRerendered()

    try await app.watch(number: 1).finish()

    #expect(app.takeRerendered().map(\.name) == ["history", "search", "profile"])
    #expect(app.store.watchedHistory == [.harbor2])
  }

  @Test func watchNumbersCountFromOneInTheSelectedTab() async throws {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .breakwater1]))
    try await app.watch(number: 2).finish()
    #expect(app.store.watchedHistory == [.breakwater1, .harbor1])
  }

  @Test func watchingAMissingEntrySaysWhichEntriesExist() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .harbor2]))
    #expect(throws: CommandError("watch: no entry 3; the history has 2 entries (1-2)")) {
      try app.watch(number: 3)
    }
    app.select(.search)
    await app.type("fog").finish()
    #expect(throws: CommandError("watch: no entry 2; there is 1 search result")) {
      try app.watch(number: 2)
    }
  }

  @Test func watchingFromAnEmptyListSaysWhyInPlainWords() async {
    let app = TrackerApp(store: makeAppStore())
    #expect(
      throws: CommandError(
        "watch: nothing watched yet, so the history has no entries; try 'tab search'")
    ) { try app.watch(number: 1) }
    app.select(.search)
    #expect(
      throws: CommandError("watch: no search results yet; search first, such as 'type harbor'")
    ) { try app.watch(number: 1) }
    await app.type("zzz").finish()
    #expect(throws: CommandError("watch: no search results for \"zzz\"")) {
      try app.watch(number: 1)
    }
  }

  @Test func everyMatchOfASearchIsAResult() async {
    let catalog = Catalog(shows: [
      Show(
        id: 9, title: "Longrun", network: "Northline", posterURL: nil,
        episodes: (1...38).map {
          Episode(ids: Ids(show: 9, season: 1, episode: $0), title: "Part \($0)", firstAired: nil)
        })
    ])
    let app = TrackerApp(
      store: Store(
        initialState: AppFeature.State(catalog: catalog),
        reducer: AppFeature(catalog: catalog, clock: ImmediateClock(), storage: .discarding)))
    app.select(.search)
    await app.type("longrun").finish()

    #expect(app.search.viewModel.results.count == 38)
    #expect(app.search.viewModel.totalMatches == 38)
  }

  @Test func watchingFromTheProfileIsAnError() {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1]))
    app.select(.profile)
    #expect(throws: CommandError.self) { try app.watch(number: 1) }
  }

  @Test func cursorMovesInTheSelectedTabOnly() async {
    let app = TrackerApp(store: makeAppStore(history: [.harbor1, .breakwater1]))
    app.moveSelection(by: 1)
    #expect(app.history.viewModel.selection == 1)

    await app.watchSelected()?.finish()

    #expect(app.store.watchedHistory == [.breakwater1, .harbor1])
    #expect(app.history.viewModel.selection == 0)
  }
}

@MainActor
@Suite struct ViewHostTests {
  @Test func rendersAgainOnlyWhenTheViewStateChanges() {
    let store = makeAppStore()
    let tabBar = TabBarView(viewModel: store.observe(\.selectedTab))
    let host = ViewHost(tabBar, name: "tabs")
    var rendered: [String] = []
    host.onRender = { rendered.append($0.lines[0]) }

    store.send(.search(.selectionMoved(by: 1)))
    store.send(.tabSelected(.search))
    store.send(.tabSelected(.search))

    #expect(host.renderCount == 2)
    #expect(rendered == [" 1 Activity   [2 Search]   3 Profile"])
  }
}

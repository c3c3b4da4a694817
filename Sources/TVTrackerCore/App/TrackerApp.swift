import Conduit

/// The container: it creates the app store, binds each view to its connected store, and keeps
/// the views' hosts, which count renders.
///
/// Both terminal modes drive the app through it, sending actions the way a SwiftUI container
/// would: through the view models.
@MainActor
final class TrackerApp {
  let store: Store<AppFeature.State, AppFeature.Action>
  let tabBar: TabBarView
  let history: HistoryView
  let search: SearchView
  let profile: ProfileView
  /// The tab features' own stores, for moving their cursors.
  let activityFeature: Store<Activity.State, Activity.Action>
  let searchFeature: Store<Search.State, Search.Action>
  /// The hosts, in the order views are printed and counted.
  let hosts: [ViewHost]
  private var rerendered: Set<String> = []
  /// Called after any view renders: the interactive mode schedules a redraw with it.
  var onRender: (() -> Void)?

  init(store: Store<AppFeature.State, AppFeature.Action>) {
    self.store = store
    // As in the seeds: the tab bar observes only the selected tab, and each view is fed by a
    // store connected through its connector.
    tabBar = TabBarView(viewModel: store.observe(\.selectedTab))
    history = HistoryView(viewModel: store.connect(using: WatchedHistoryConnector()))
    search = SearchView(viewModel: store.connect(using: SearchConnector()))
    profile = ProfileView(viewModel: store.connect(using: ProfileConnector()))
    activityFeature = store.scope(state: \.activity, action: AppFeature.Action.activity)
    searchFeature = store.scope(state: \.search, action: AppFeature.Action.search)
    hosts = [
      ViewHost(tabBar, name: "tabs"),
      ViewHost(history, name: "history"),
      ViewHost(search, name: "search"),
      ViewHost(profile, name: "profile"),
    ]
    // Every view has rendered once; line mode prints them all before the first command.
    rerendered = Set(hosts.map(\.name))
    for host in hosts {
      host.onRender = { [weak self] host in
        self?.rerendered.insert(host.name)
        self?.onRender?()
      }
    }
  }

  /// The host of the view shown under the tab bar for `tab`.
  func host(for tab: AppFeature.Tab) -> ViewHost {
    switch tab {
    case .activity: hosts[1]
    case .search: hosts[2]
    case .profile: hosts[3]
    }
  }

  /// The hosts that rendered since the last call, in display order.
  func takeRerendered() -> [ViewHost] {
    defer { rerendered.removeAll() }
    return hosts.filter { rerendered.contains($0.name) }
  }

  var selectedTab: AppFeature.Tab { tabBar.viewModel.state }

  @discardableResult
  func select(_ tab: AppFeature.Tab) -> StoreTask {
    tabBar.viewModel.send(.tabSelected(tab))
  }

  @discardableResult
  func type(_ query: String) -> StoreTask {
    search.viewModel.send(.queryChanged(query))
  }

  /// Moves the cursor of the selected tab's list.
  @discardableResult
  func moveSelection(by offset: Int) -> StoreTask? {
    switch selectedTab {
    case .activity: activityFeature.send(.selectionMoved(by: offset))
    case .search: searchFeature.send(.selectionMoved(by: offset))
    case .profile: nil
    }
  }

  /// Marks the episode under the cursor of the selected tab watched.
  @discardableResult
  func watchSelected() -> StoreTask? {
    let selection: Int? =
      switch selectedTab {
      case .activity: history.viewModel.selection
      case .search: search.viewModel.selection
      case .profile: nil
      }
    return selection.flatMap { try? watch(number: $0 + 1) }
  }

  /// Marks the `number`th episode (from 1) of the selected tab's list watched.
  ///
  /// - Throws: ``CommandError`` when the tab has no list or no such entry.
  @discardableResult
  func watch(number: Int) throws(CommandError) -> StoreTask {
    switch selectedTab {
    case .activity:
      let posters = history.viewModel.posters
      guard posters.indices.contains(number - 1) else {
        throw CommandError(
          posters.isEmpty
            ? "watch: nothing watched yet, so the history has no entries; try 'tab search'"
            : "watch: no entry \(number); the history has "
              + Self.entries(posters.count, "entry", "entries"))
      }
      return history.viewModel.send(.markAsWatched(episode: posters[number - 1].ids))
    case .search:
      let results = search.viewModel.results
      guard results.indices.contains(number - 1) else {
        let query = search.viewModel.query
        throw CommandError(
          !results.isEmpty
            ? "watch: no entry \(number); there "
              + (results.count == 1 ? "is " : "are ")
              + Self.entries(results.count, "search result", "search results")
            : query.allSatisfy(\.isWhitespace)
              ? "watch: no search results yet; search first, such as 'type harbor'"
              : "watch: no search results for \"\(query)\"")
      }
      return search.viewModel.send(.markAsWatched(episode: results[number - 1].ids))
    case .profile:
      throw CommandError("watch: the profile lists no episodes; try 'tab activity' or 'tab search'")
    }
  }

  /// `1 entry`, or `3 entries (1-3)`: how many, and the numbers to use.
  private static func entries(_ count: Int, _ one: String, _ many: String) -> String {
    count == 1 ? "1 \(one)" : "\(count) \(many) (1-\(count))"
  }
}

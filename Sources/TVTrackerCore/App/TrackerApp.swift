import Conduit

/// The container: it creates the app store, binds each view to its connected store, and keeps
/// the views' hosts, which count renders.
///
/// Both terminal modes drive the app through it, sending actions the way a SwiftUI container
/// would: through the view models. The show screens on the navigation stack come and go with
/// the stack: a ``ShowScreen`` is bound to each screen's store while the screen is on it.
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
  /// The hosts of the tab bar and the three tabs, in the order views are printed and counted.
  let hosts: [ViewHost]
  /// The show screens on the stack, bottom first.
  private(set) var screens: [ShowScreen] = []
  /// The screens' stores, as of the last push or pop.
  private var stack: StoreCollection<StackElementID, ShowDetail.State, ShowDetail.Action>
  private var stackSubscription: Subscription?
  private var rerendered: Set<ObjectIdentifier> = []
  /// The names of the views that went away since the last ``takeClosed()``.
  private var closed: [String] = []
  /// Called after any view renders or goes away: the interactive mode schedules a redraw.
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
    stack = store.scope(state: \.path, action: AppFeature.Action.path)
    hosts = [
      ViewHost(tabBar, name: "tabs"),
      ViewHost(history, name: "history"),
      ViewHost(search, name: "search"),
      ViewHost(profile, name: "profile"),
    ]
    // Every view has rendered once; line mode prints them all before the first command.
    for host in hosts { watch(host) }
    // Editing a screen notifies that screen's store; pushes and pops notify the collection.
    stackSubscription = stack.subscribe { [weak self] screens in self?.stackChanged(screens) }
    stackChanged(stack)
  }

  /// Every host on screen or off it, in display order: the tabs', then each show screen's.
  var allHosts: [ViewHost] {
    hosts + screens.flatMap(\.hosts)
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
    return allHosts.filter { rerendered.contains(ObjectIdentifier($0)) }
  }

  /// The views that went away since the last call: `detail` for a popped screen (its rows go
  /// with it), `dialog` or `note` for a dismissed presentation.
  func takeClosed() -> [String] {
    defer { closed.removeAll() }
    return closed
  }

  var selectedTab: AppFeature.Tab { tabBar.viewModel.state }

  /// The screen on top of the stack, shown instead of the selected tab; nil when the stack is
  /// empty.
  var topScreen: ShowScreen? { screens.last }

  // MARK: - Tabs

  @discardableResult
  func select(_ tab: AppFeature.Tab) -> StoreTask {
    tabBar.viewModel.send(.tabSelected(tab))
  }

  @discardableResult
  func type(_ query: String) -> StoreTask {
    search.viewModel.send(.queryChanged(query))
  }

  /// Moves the cursor of what is shown: the screen on top, or the selected tab's list.
  @discardableResult
  func moveSelection(by offset: Int) -> StoreTask? {
    if let screen = topScreen { return screen.store.send(.selectionMoved(by: offset)) }
    switch selectedTab {
    case .activity: return activityFeature.send(.selectionMoved(by: offset))
    case .search: return searchFeature.send(.selectionMoved(by: offset))
    case .profile: return nil
    }
  }

  /// Acts on the entry under the cursor: on a tab, marks it watched; on a show's screen, marks
  /// it watched, or asks to mark it unwatched when it is watched.
  @discardableResult
  func watchSelected() -> StoreTask? {
    if let screen = topScreen {
      guard let selection = screen.selection, let row = screen.rowStore(at: selection) else {
        return nil
      }
      return row.send(row.isWatched ? .unwatchTapped : .watchTapped)
    }
    return selectedEntry().flatMap { try? watch(number: $0 + 1) }
  }

  /// Opens the show of the entry under the cursor of the selected tab.
  @discardableResult
  func openSelected() -> StoreTask? {
    selectedEntry().flatMap { try? open(number: $0 + 1) }
  }

  private func selectedEntry() -> Int? {
    switch selectedTab {
    case .activity: history.viewModel.selection
    case .search: search.viewModel.selection
    case .profile: nil
    }
  }

  /// Marks the `number`th episode (from 1) of what is shown watched: the show screen's
  /// episodes, or the selected tab's list.
  ///
  /// - Throws: ``CommandError`` when there is no list or no such entry.
  @discardableResult
  func watch(number: Int) throws(CommandError) -> StoreTask {
    if let screen = topScreen {
      return try row(number, of: screen, for: "watch").send(.watchTapped)
    }
    return try send(.markAsWatched(episode: tabEntry(number, for: "watch")))
  }

  /// Opens the show of the `number`th entry (from 1) of the selected tab's list.
  ///
  /// - Throws: ``CommandError`` when a show's screen is open, or the tab has no such entry.
  @discardableResult
  func open(number: Int) throws(CommandError) -> StoreTask {
    guard topScreen == nil else {
      throw CommandError("open: a show's screen is open; 'back' closes it")
    }
    return try send(.showOpened(tabEntry(number, for: "open").show))
  }

  private enum TabAction {
    case markAsWatched(episode: Ids)
    case showOpened(Int)
  }

  /// Sends an action through the view model of the selected tab, as its view would.
  private func send(_ action: TabAction) -> StoreTask {
    switch (selectedTab, action) {
    case (.search, .markAsWatched(let episode)):
      search.viewModel.send(.markAsWatched(episode: episode))
    case (.search, .showOpened(let show)):
      search.viewModel.send(.showOpened(show))
    case (_, .markAsWatched(let episode)):
      history.viewModel.send(.markAsWatched(episode: episode))
    case (_, .showOpened(let show)):
      history.viewModel.send(.showOpened(show))
    }
  }

  /// The episode of the `number`th entry (from 1) of the selected tab's list.
  private func tabEntry(_ number: Int, for command: String) throws(CommandError) -> Ids {
    switch selectedTab {
    case .activity:
      let posters = history.viewModel.posters
      guard posters.indices.contains(number - 1) else {
        throw CommandError(
          posters.isEmpty
            ? "\(command): nothing watched yet, so the history has no entries; try 'tab search'"
            : "\(command): no entry \(number); the history has "
              + Self.entries(posters.count, "entry", "entries"))
      }
      return posters[number - 1].ids
    case .search:
      let results = search.viewModel.results
      guard results.indices.contains(number - 1) else {
        let query = search.viewModel.query
        throw CommandError(
          !results.isEmpty
            ? "\(command): no entry \(number); there "
              + (results.count == 1 ? "is " : "are ")
              + Self.entries(results.count, "search result", "search results")
            : query.allSatisfy(\.isWhitespace)
              ? "\(command): no search results yet; search first, such as 'type harbor'"
              : "\(command): no search results for \"\(query)\"")
      }
      return results[number - 1].ids
    case .profile:
      throw CommandError(
        "\(command): the profile lists no episodes; try 'tab activity' or 'tab search'")
    }
  }

  /// `1 entry`, or `3 entries (1-3)`: how many, and the numbers to use.
  private static func entries(_ count: Int, _ one: String, _ many: String) -> String {
    count == 1 ? "1 \(one)" : "\(count) \(many) (1-\(count))"
  }

  // MARK: - The show screen

  /// Closes the show's screen on top, as a navigation stack's back button does.
  ///
  /// - Throws: ``CommandError`` when no screen is open, or it presents something to answer
  ///   first.
  @discardableResult
  func back() throws(CommandError) -> StoreTask {
    guard let screen = topScreen else {
      throw CommandError("back: no show's screen is open")
    }
    if let problem = presentationProblem(screen, for: "back") { throw CommandError(problem) }
    return store.send(.path(.popFrom(id: screen.id)))
  }

  /// Asks to mark the `number`th episode (from 1) of the show's screen unwatched: the screen
  /// asks for confirmation.
  ///
  /// - Throws: ``CommandError`` when no screen is open, or the episode is not watched.
  @discardableResult
  func unwatch(number: Int) throws(CommandError) -> StoreTask {
    guard let screen = topScreen else {
      throw CommandError("unwatch: open a show's screen first, such as 'open 1'")
    }
    let row = try row(number, of: screen, for: "unwatch")
    guard row.isWatched else {
      throw CommandError("unwatch: episode \(number) is not watched")
    }
    return row.send(.unwatchTapped)
  }

  /// Chooses the dialog's first button that is not its cancel button.
  ///
  /// - Throws: ``CommandError`` when no dialog is shown.
  @discardableResult
  func confirm() throws(CommandError) -> StoreTask {
    guard let screen = topScreen, case .dialog(let dialog)? = screen.presented?.content else {
      throw CommandError("confirm: there is no question to answer")
    }
    return choose(dialog.buttons.first { $0.role != .cancel }, of: dialog, on: screen)
  }

  /// Chooses the dialog's cancel button, or closes the note form without saving it.
  ///
  /// - Throws: ``CommandError`` when neither is shown.
  @discardableResult
  func cancel() throws(CommandError) -> StoreTask {
    switch topScreen?.presented?.content {
    case .dialog(let dialog)?:
      return choose(dialog.cancelButton, of: dialog, on: topScreen!)
    case .note(let form)?:
      return form.send(.cancelTapped)
    case nil:
      throw CommandError("cancel: there is no question or note to cancel")
    }
  }

  private func choose(
    _ button: ButtonState<ShowScreen.ConfirmUnwatch>?,
    of dialog: Store<ConfirmationDialogState<ShowScreen.ConfirmUnwatch>, ShowScreen.ConfirmUnwatch>,
    on screen: ShowScreen
  ) -> StoreTask {
    // A button without an action dismisses the dialog, as the system does.
    guard let action = button?.action.action else {
      return screen.store.send(.destination(.dismiss))
    }
    return dialog.send(action)
  }

  /// Opens the note form of the show's screen, if it is not open, and when `text` is given,
  /// puts it in the form's field in place of what is there.
  ///
  /// - Returns: The tasks of the sends, in order.
  /// - Throws: ``CommandError`` when no screen is open, or it shows a dialog.
  @discardableResult
  func note(_ text: String?) throws(CommandError) -> [StoreTask] {
    guard let screen = topScreen else {
      throw CommandError("note: open a show's screen first, such as 'open 1'")
    }
    var tasks: [StoreTask] = []
    if case .dialog? = screen.presented?.content {
      throw CommandError("note: answer the question first ('confirm' or 'cancel')")
    }
    if screen.presented == nil { tasks.append(screen.store.send(.noteTapped)) }
    if let text, case .note(let form)? = screen.presented?.content {
      tasks.append(form.send(.binding(.set(\.text, text))))
    }
    return tasks
  }

  /// The note form's store while it is shown.
  var noteForm: Store<NoteForm.State, NoteForm.Action>? {
    guard case .note(let form)? = topScreen?.presented?.content else { return nil }
    return form
  }

  /// The dialog's store while it is shown.
  var dialog: Store<ConfirmationDialogState<ShowScreen.ConfirmUnwatch>, ShowScreen.ConfirmUnwatch>?
  {
    guard case .dialog(let dialog)? = topScreen?.presented?.content else { return nil }
    return dialog
  }

  /// Saves the note being written and closes the form.
  ///
  /// - Throws: ``CommandError`` when no note form is shown.
  @discardableResult
  func saveNote() throws(CommandError) -> StoreTask {
    guard let form = noteForm else {
      throw CommandError("save: no note is being written; 'note' opens the show's note")
    }
    return form.send(.saveTapped)
  }

  /// Why `command` must wait while `screen` presents something, or nil.
  func presentationProblem(_ screen: ShowScreen?, for command: String) -> String? {
    switch screen?.presented?.content {
    case .dialog?: "\(command): answer the question first ('confirm' or 'cancel')"
    case .note?: "\(command): the note is open; 'save' or 'cancel' it first"
    case nil: nil
    }
  }

  private func row(
    _ number: Int, of screen: ShowScreen, for command: String
  ) throws(CommandError) -> Store<EpisodeRow.State, EpisodeRow.Action> {
    if let problem = presentationProblem(screen, for: command) { throw CommandError(problem) }
    guard let row = screen.rowStore(at: number - 1) else {
      throw CommandError(
        screen.rowCount == 0
          ? "\(command): the show's episodes have not arrived"
          : "\(command): no episode \(number); the show has "
            + Self.entries(screen.rowCount, "episode", "episodes"))
    }
    return row
  }

  // MARK: - Hosts

  private func watch(_ host: ViewHost) {
    rerendered.insert(ObjectIdentifier(host))
    host.onRender = { [weak self] host in
      self?.rerendered.insert(ObjectIdentifier(host))
      self?.onRender?()
    }
  }

  /// Binds a ``ShowScreen`` to each screen pushed, and lets go of the popped ones.
  private func stackChanged(
    _ stack: StoreCollection<StackElementID, ShowDetail.State, ShowDetail.Action>
  ) {
    self.stack = stack
    let ids = Set(stack.ids)
    let known = Dictionary(uniqueKeysWithValues: screens.map { ($0.id, $0) })
    for screen in screens where !ids.contains(screen.id) {
      closed.append(screen.frame.name)
      for host in screen.hosts { rerendered.remove(ObjectIdentifier(host)) }
    }
    screens = zip(stack.ids, stack).map { id, element in
      if let screen = known[id] { return screen }
      let screen = ShowScreen(id: id, store: element)
      for host in screen.hosts { watch(host) }
      screen.onHostsChanged = { [weak self] added, removed in
        guard let self else { return }
        for host in added { watch(host) }
        for host in removed {
          rerendered.remove(ObjectIdentifier(host))
          closed.append(host.name)
        }
        onRender?()
      }
      return screen
    }
    onRender?()
  }
}

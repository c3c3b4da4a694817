extension Store {
  /// Derives a store whose state is computed from this store's state and whose actions are
  /// embedded into this store's actions.
  ///
  /// This is the mechanism every view store is built on. The derived store recomputes its state
  /// synchronously after every change of this store, and notifies its observers only when the
  /// new state differs (`!=`) from the one it holds:
  ///
  /// ```swift
  /// let history = store.derived(
  ///   deriveState: { HistoryView.State(posters: $0.watchedHistory.map(Poster.init)) },
  ///   embedAction: { AppAction.history($0) }
  /// )
  /// ```
  ///
  /// The derived store keeps this store alive; this store holds the derived store weakly and
  /// stops computing its state once it is freed, so keep a reference for as long as a view
  /// watches it. Each call makes a new store: a closure cannot be compared with the one of the
  /// last call. Inside a SwiftUI body, derive with ``observe(_:fileID:line:)-(KeyPath<State,ViewState>,_,_)``,
  /// ``scope(state:action:fileID:line:)-yt0j`` or a `Hashable`
  /// ``Connector``, which return the same live store on every evaluation, or hold the store for
  /// the view's life with `WithViewStore`. In debug builds, a derived store that is read and then
  /// freed before its state could change, as one made and read in a body is, prints a runtime
  /// warning naming the line that made it.
  ///
  /// - Parameters:
  ///   - deriveState: Computes the derived state from this store's state. It should be pure and
  ///     cheap: it runs after every change of this store.
  ///   - embedAction: Turns a derived action into an action of this store.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store of the derived state and actions.
  public func derived<DerivedState: Equatable, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<DerivedState, DerivedAction> {
    makeDerived(
      deriveState: deriveState, embedAction: embedAction, isDuplicate: { $0 == $1 },
      origin: (fileID, line))
  }

  /// Derives a store whose state is not `Equatable`, de-duplicated by a predicate.
  ///
  /// When `removeDuplicates` says the new derived state duplicates the current one, the store
  /// keeps the state it has and tells no one. A predicate that compares less than the whole value
  /// (only identifiers, say) also hides changes to the rest of it, so compare everything a view
  /// shows.
  ///
  /// - Parameters:
  ///   - deriveState: Computes the derived state from this store's state.
  ///   - embedAction: Turns a derived action into an action of this store.
  ///   - removeDuplicates: Returns `true` when two derived states count as the same.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store of the derived state and actions.
  public func derived<DerivedState, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    removeDuplicates: @escaping (DerivedState, DerivedState) -> Bool,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<DerivedState, DerivedAction> {
    makeDerived(
      deriveState: deriveState, embedAction: embedAction, isDuplicate: removeDuplicates,
      origin: (fileID, line))
  }

  // Both `scope` overloads here are disfavored: lists and optional children have their own,
  // which must win when they fit.

  /// Scopes this store to a child feature's state and actions.
  ///
  /// ```swift
  /// SearchView(store: store.scope(state: \.search, action: AppFeature.Action.search))
  /// ```
  ///
  /// The child store notifies its observers when the child state changes (`!=`).
  ///
  /// Scoping the same key path again returns the same store for as long as it is alive, so a
  /// SwiftUI body may scope on every evaluation: its child views get the same store each time,
  /// and see no new input. One key path goes with one action: scoping it again with a different
  /// action returns the first store. A store that was read is kept until its next notification,
  /// even when nothing holds it, so the reader (a body that has returned) is told of the change.
  ///
  /// - Parameters:
  ///   - state: The path from this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions, usually an enum case.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store of the child's state and actions.
  @_disfavoredOverload
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction> {
    cachedChild(key: ScopeKey(state: state, action: ChildAction.self, kind: .scope)) {
      makeDerivedCore(
        deriveState: { $0[keyPath: state] }, embedAction: action, isDuplicate: { $0 == $1 },
        origin: nil)
    }
  }

  /// Scopes this store to a child feature whose state is not `Equatable`.
  ///
  /// Without a way to compare, the child store notifies its observers after every change of
  /// this store. Make the child state `Equatable` to notify only on real changes. Scoping the
  /// same key path again returns the same live store, as for `Equatable` state.
  ///
  /// - Parameters:
  ///   - state: The path from this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions, usually an enum case.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store of the child's state and actions.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction> {
    cachedChild(key: ScopeKey(state: state, action: ChildAction.self, kind: .scope)) {
      makeDerivedCore(
        deriveState: { $0[keyPath: state] }, embedAction: action, isDuplicate: nil, origin: nil)
    }
  }

  /// Derives a store of one part of the state, keeping this store's actions.
  ///
  /// A view that shows only the selected tab watches only the selected tab:
  ///
  /// ```swift
  /// var body: some View {
  ///   let tabs = store.observe(\.selectedTab)
  ///   TabBar(selection: tabs.state)
  /// }
  /// ```
  ///
  /// Observing the same key path again returns the same live store, so this is the spelling for
  /// a SwiftUI body: the store a body reads is kept until it has notified its reader of the next
  /// change, even after the body returned, and then freed unless read again. So a body that
  /// runs a thousand times keeps one store per key path, and is told exactly when the part it
  /// read changes.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state to watch.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store that notifies its observers only when that part changes.
  public func observe<ViewState: Equatable>(
    _ keyPath: KeyPath<State, ViewState>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ViewState, Action> {
    cachedChild(key: ScopeKey(state: keyPath, action: Action.self, kind: .observe)) {
      makeDerivedCore(
        deriveState: { $0[keyPath: keyPath] }, embedAction: { $0 }, isDuplicate: { $0 == $1 },
        origin: nil)
    }
  }

  /// Derives a store of a small view state, keeping this store's actions.
  ///
  /// ```swift
  /// let header = store.observe { Header(title: $0.title, count: $0.items.count) }
  /// ```
  ///
  /// Each call makes a new store, as a closure cannot be compared with the one of the last
  /// call: keep the store for as long as a view watches it. In a SwiftUI body, observe a key path
  /// (``observe(_:fileID:line:)-(KeyPath<State,ViewState>,_,_)``), or hold the store for the
  /// view's life with `WithViewStore`.
  ///
  /// - Parameters:
  ///   - toViewState: Computes the view state from this store's state.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store that notifies its observers only when the view state changes.
  public func observe<ViewState: Equatable>(
    _ toViewState: @escaping (State) -> ViewState,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ViewState, Action> {
    makeDerived(
      deriveState: toViewState, embedAction: { $0 }, isDuplicate: { $0 == $1 },
      origin: (fileID, line))
  }

  func makeDerived<DerivedState, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    isDuplicate: ((DerivedState, DerivedState) -> Bool)?,
    origin: (fileID: StaticString, line: UInt)?
  ) -> Store<DerivedState, DerivedAction> {
    Store<DerivedState, DerivedAction>(
      core: makeDerivedCore(
        deriveState: deriveState, embedAction: embedAction, isDuplicate: isDuplicate,
        origin: origin),
      parent: self)
  }

  /// A core derived from this store's core, registered as its child.
  func makeDerivedCore<DerivedState, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    isDuplicate: ((DerivedState, DerivedState) -> Bool)?,
    origin: (fileID: StaticString, line: UInt)?
  ) -> StoreCore<DerivedState, DerivedAction> {
    let parent = core
    let link = DerivedLink<DerivedState, DerivedAction>(
      derive: { [unowned(unsafe) parent] in deriveState(parent.currentState) },
      isDuplicate: isDuplicate, parent: parent, embed: embedAction)
    let child = StoreCore<DerivedState, DerivedAction>(
      state: deriveState(parent.currentState), role: .derived(link), effects: nil,
      origin: origin)
    parent.addChild(child)
    return child
  }

  /// Registers the reader's interest in `marker`, which says whether (and which) optional
  /// child is there: a body that scopes to a child that may be absent is then told when it
  /// comes, goes or is replaced, and of nothing else.
  ///
  /// The marker is a cached derived store under a key of its own, read as a body reads any
  /// store, so it is kept until it notifies.
  func trackPresence<Marker: Equatable>(
    of key: AnyHashable, _ marker: @escaping (State) -> Marker
  ) {
    let presence = cachedChild(key: PresenceKey(scope: key)) {
      makeDerivedCore(
        deriveState: marker, embedAction: { (never: Never) -> Action in },
        isDuplicate: { $0 == $1 },
        origin: nil)
    }
    _ = presence.state
  }

  /// The cached child under `key`: the live handle, a new handle on the live node, or a new
  /// node from `make`.
  func cachedChild<ChildState, ChildAction>(
    key: AnyHashable,
    make: () -> StoreCore<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let entry = core.childCache.entry(for: key) {
      if let handle = entry.handle as? Store<ChildState, ChildAction> { return handle }
      if let node = entry.node as? StoreCore<ChildState, ChildAction> {
        let handle = Store<ChildState, ChildAction>(core: node, parent: self)
        entry.handle = handle
        return handle
      }
    }
    let node = make()
    let entry = CachedChild(node: node)
    node.cacheEntry = entry
    let handle = Store<ChildState, ChildAction>(core: node, parent: self)
    entry.handle = handle
    core.childCache.insert(entry, for: key)
    return handle
  }
}

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
  /// watches it.
  ///
  /// - Parameters:
  ///   - deriveState: Computes the derived state from this store's state. It should be pure and
  ///     cheap: it runs after every change of this store.
  ///   - embedAction: Turns a derived action into an action of this store.
  /// - Returns: A store of the derived state and actions.
  public func derived<DerivedState: Equatable, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action
  ) -> Store<DerivedState, DerivedAction> {
    makeDerived(deriveState: deriveState, embedAction: embedAction, isDuplicate: { $0 == $1 })
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
  /// - Returns: A store of the derived state and actions.
  public func derived<DerivedState, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    removeDuplicates: @escaping (DerivedState, DerivedState) -> Bool
  ) -> Store<DerivedState, DerivedAction> {
    makeDerived(deriveState: deriveState, embedAction: embedAction, isDuplicate: removeDuplicates)
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
  /// - Parameters:
  ///   - state: The path from this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions, usually an enum case.
  /// - Returns: A store of the child's state and actions.
  @_disfavoredOverload
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    makeDerived(
      deriveState: { $0[keyPath: state] }, embedAction: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes this store to a child feature whose state is not `Equatable`.
  ///
  /// Without a way to compare, the child store notifies its observers after every change of
  /// this store. Make the child state `Equatable` to notify only on real changes.
  ///
  /// - Parameters:
  ///   - state: The path from this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions, usually an enum case.
  /// - Returns: A store of the child's state and actions.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    makeDerived(deriveState: { $0[keyPath: state] }, embedAction: action, isDuplicate: nil)
  }

  /// Derives a store of a small view state, keeping this store's actions.
  ///
  /// A view that shows only the selected tab watches only the selected tab:
  ///
  /// ```swift
  /// let tabs = store.observe(\.selectedTab)
  /// ```
  ///
  /// - Parameter toViewState: Computes the view state from this store's state.
  /// - Returns: A store that notifies its observers only when the view state changes.
  public func observe<ViewState: Equatable>(
    _ toViewState: @escaping (State) -> ViewState
  ) -> Store<ViewState, Action> {
    makeDerived(deriveState: toViewState, embedAction: { $0 }, isDuplicate: { $0 == $1 })
  }

  func makeDerived<DerivedState, DerivedAction>(
    deriveState: @escaping (State) -> DerivedState,
    embedAction: @escaping (DerivedAction) -> Action,
    isDuplicate: ((DerivedState, DerivedState) -> Bool)?
  ) -> Store<DerivedState, DerivedAction> {
    let link = DerivedLink<DerivedState, DerivedAction>(
      derive: { [unowned(unsafe) self] in deriveState(self.currentState) },
      isDuplicate: isDuplicate, parent: self, embed: embedAction)
    let child = Store<DerivedState, DerivedAction>(
      state: deriveState(currentState), role: .derived(link), effects: nil, parent: self)
    addChild(child)
    return child
  }
}

extension Store {
  /// Scopes this store to the rows of a list: one store per element of an ``IdentifiedArray``.
  ///
  /// ```swift
  /// let rows = store.scope(state: \.todos, action: TodoList.Action.todos)
  /// rows[0].send(.toggled)   // sends .todos(.element(id: rows.ids[0], action: .toggled))
  /// ```
  ///
  /// Sending on a row store sends its action, wrapped in ``IdentifiedAction/element(id:action:)``,
  /// to this store. A send that edits one row updates and notifies that row's store only, at a
  /// cost that does not grow with the number of rows; inserting, removing or moving rows
  /// notifies the collection's observers.
  ///
  /// Scoping the same key path again returns the same live collection (its row stores keep
  /// their identity), so a SwiftUI body may scope on every evaluation. One key path goes with one
  /// action: scoping it again with a different action returns the first collection.
  ///
  /// - Parameters:
  ///   - state: The path to the array of row states.
  ///   - action: The action case that carries row actions, such as `Action.todos`.
  /// - Returns: The row stores, in the array's order; a row store notifies its observers when
  ///   its state changes (`!=`).
  public func scope<ID: Hashable, ElementState: Equatable, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> Action
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    rowStores(
      state: state, action: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes this store to the rows of a list whose row state is not `Equatable`.
  ///
  /// Without a way to compare, a row store notifies its observers each time its row is edited,
  /// even when the edit leaves it equal.
  ///
  /// - Parameters:
  ///   - state: The path to the array of row states.
  ///   - action: The action case that carries row actions, such as `Action.todos`.
  /// - Returns: The row stores, in the array's order.
  public func scope<ID: Hashable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> Action
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    rowStores(
      state: state, action: action, isDuplicate: nil)
  }

  private func rowStores<ID: Hashable, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: @escaping (IdentifiedAction<ID, ElementAction>) -> Action,
    isDuplicate: ((ElementState, ElementState) -> Bool)?
  ) -> StoreCollection<ID, ElementState, ElementAction> {
    rowCollection(
      key: ScopeKey(state: toElements, action: ElementAction.self, kind: .collection),
      rows: toElements, log: toElements, embed: { action(.element(id: $0, action: $1)) },
      isDuplicate: isDuplicate)
  }

  /// The cached collection of row stores of `rows`, whose change log is the one of the array at
  /// `log` (the rows themselves, or the array a stack keeps its screens in).
  func rowCollection<Rows: RowSource, LogID, LogElement, ElementAction>(
    key: ScopeKey,
    rows toRows: KeyPath<State, Rows>,
    log toLog: KeyPath<State, IdentifiedArray<LogID, LogElement>>,
    embed: @escaping (Rows.RowID, ElementAction) -> Action,
    isDuplicate: ((Rows.Row, Rows.Row) -> Bool)?
  ) -> StoreCollection<Rows.RowID, Rows.Row, ElementAction> {
    if let node = core.childCache.entry(for: key)?.node
      as? StoreCollectionNode<Rows, ElementAction>
    {
      return node.collection()
    }
    let parent = core
    // Where the array's version is stored in the state, found once: nil unless the path is made
    // of stored properties.
    let layout = ChangeLogVersionLayout(of: toLog, in: State.self)
    let node = StoreCollectionNode<Rows, ElementAction>(
      readElements: { [unowned(unsafe) parent] in parent.currentState[keyPath: toRows] },
      readVersion: { [unowned(unsafe) parent] in
        // In place when it can be: a key-path read would copy the array on every send of the
        // parent, to compare two numbers.
        guard let layout else { return parent.currentState[keyPath: toLog].version }
        // `@Sendable`, so nonisolated: a closure written here would otherwise be main-actor
        // isolated, and check its executor each time `withUnsafeMutablePointer` calls it.
        return withUnsafeMutablePointer(to: &parent.currentState) { @Sendable in
          layout.version(in: $0)
        }
      },
      parent: parent, keepingAlive: self, embed: embed, isDuplicate: isDuplicate)
    parent.addChild(node)
    parent.childCache.insert(CachedChild(node: node), for: key)
    return node.collection()
  }
}

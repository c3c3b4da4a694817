extension Store {
  /// Scopes this store to the screens of a navigation stack: one store per screen, bottom first.
  ///
  /// ```swift
  /// let screens = store.scope(state: \.path, action: Action.path)
  /// screens.last?.send(.saveTapped)   // sends .path(.element(id: screens.ids.last!, …))
  /// ```
  ///
  /// The screens' stores have the guarantees of row stores: a send that changes one screen
  /// updates and notifies that screen's store alone, at a cost that does not grow with the depth
  /// of the stack; pushing and popping notify the collection's observers. Scoping again returns
  /// the same live collection, and each screen keeps its store while it is on the stack.
  ///
  /// - Parameters:
  ///   - state: The path to the stack's state.
  ///   - action: The action case that carries stack actions, such as `Action.path`.
  ///   - fileID: The file of the call.
  ///   - line: The line of the call.
  /// - Returns: The screens' stores, bottom first; each notifies its observers when its state
  ///   changes (`!=`).
  public func scope<ElementState: Equatable, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StoreCollection<StackElementID, ElementState, ElementAction> {
    screenStores(state: state, action: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes this store to the screens of a navigation stack whose state is not `Equatable`.
  ///
  /// A screen's store notifies its observers each time the screen is edited.
  ///
  /// - Parameters:
  ///   - state: The path to the stack's state.
  ///   - action: The action case that carries stack actions, such as `Action.path`.
  ///   - fileID: The file of the call.
  ///   - line: The line of the call.
  /// - Returns: The screens' stores, bottom first.
  public func scope<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> StoreCollection<StackElementID, ElementState, ElementAction> {
    screenStores(state: state, action: action, isDuplicate: nil)
  }

  private func screenStores<ElementState, ElementAction>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action: @escaping (StackAction<ElementState, ElementAction>) -> Action,
    isDuplicate: ((ElementState, ElementState) -> Bool)?
  ) -> StoreCollection<StackElementID, ElementState, ElementAction> {
    rowCollection(
      key: ScopeKey(state: toStack, action: ElementAction.self, kind: .collection),
      rows: toStack, log: toStack.appending(path: \.components),
      embed: { action(.element(id: $0, action: $1)) }, isDuplicate: isDuplicate)
  }
}

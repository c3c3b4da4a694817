extension Store {
  /// Scopes this store to optional child state: a child store while the state is present, nil
  /// while it is not.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: Feature.Action.detail) {
  ///   DetailView(store: detail)
  /// }
  /// ```
  ///
  /// Scoping the same key path again returns the same store for as long as the child stays
  /// present (and someone holds the store); once the state becomes nil, the store keeps its last
  /// state and a later presentation gets a new store. One key path goes with one action: scoping
  /// it again with a different action returns the first store.
  ///
  /// - Parameters:
  ///   - state: The path to the optional child state.
  ///   - action: The action case that carries child actions, such as `Action.detail`.
  /// - Returns: A store of the child, notifying its observers when the child state changes
  ///   (`!=`), or nil when the state is nil.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    optionalChild(
      state: state, action: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes this store to optional child state that is not `Equatable`.
  ///
  /// The child store notifies its observers after every change of this store while the child is
  /// present.
  ///
  /// - Parameters:
  ///   - state: The path to the optional child state.
  ///   - action: The action case that carries child actions, such as `Action.detail`.
  /// - Returns: A store of the child, or nil when the state is nil.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    optionalChild(
      state: state, action: action, isDuplicate: nil)
  }

  private func optionalChild<ChildState, ChildAction>(
    state toChild: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action,
    isDuplicate: ((ChildState, ChildState) -> Bool)?
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(state: toChild, action: ChildAction.self)
    guard let childState = currentState[keyPath: toChild] else {
      childCache.remove(key)
      return nil
    }
    if let presence = childCache.object(for: key) as? Presence, !presence.isDismissed,
      let child = presence.store as? Store<ChildState, ChildAction>
    {
      return child
    }
    let presence = Presence()
    // The child's closures hold `presence`, so it lives exactly as long as the child.
    let link = DerivedLink<ChildState, ChildAction>(
      derive: { [unowned(unsafe) self] in
        let state = self.currentState[keyPath: toChild]
        if state == nil { presence.isDismissed = true }
        return state
      },
      isDuplicate: isDuplicate, parent: self, embed: action)
    let child = Store<ChildState, ChildAction>(
      state: childState, role: .derived(link), effects: nil, parent: self)
    presence.store = child
    addChild(child)
    childCache.insert(presence, for: key)
    return child
  }
}

/// Whether an optional child store is still the current presentation of its state.
@MainActor
private final class Presence {
  var isDismissed = false
  weak var store: AnyObject?
}

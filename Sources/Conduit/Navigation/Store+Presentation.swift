extension Store {
  /// Scopes this store to a presented feature: its store while it is presented, nil otherwise.
  ///
  /// ```swift
  /// if let destination = store.scope(state: \.$destination, action: Action.destination) {
  ///   DestinationView(store: destination)
  /// }
  /// ```
  ///
  /// Sends on the child store reach this store wrapped in ``PresentationAction/presented(_:)``.
  /// Scoping again returns the same store for as long as the same presentation lasts; a new
  /// presentation (after a dismissal, or a replacement by another case or `id`) gets a new
  /// store. A dismissed child's store keeps its last state, for a view animating away.
  ///
  /// - Parameters:
  ///   - state: The path to the presentation state, `\.$destination`.
  ///   - action: The action case that carries presentation actions, such as
  ///     `Action.destination`.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: The presented feature's store, notifying its observers when its state changes
  ///   (`!=`), or nil when nothing is presented.
  public func scope<ChildState: Equatable, ChildAction>(
    state: KeyPath<State, PresentationState<ChildState>>,
    action: @escaping (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    presentedChild(state: state, action: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes this store to a presented feature whose state is not `Equatable`.
  ///
  /// The child store notifies its observers after every change of this store while it is
  /// presented.
  ///
  /// - Parameters:
  ///   - state: The path to the presentation state, `\.$destination`.
  ///   - action: The action case that carries presentation actions.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: The presented feature's store, or nil when nothing is presented.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, PresentationState<ChildState>>,
    action: @escaping (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    presentedChild(state: state, action: action, isDuplicate: nil)
  }

  private func presentedChild<ChildState, ChildAction>(
    state toPresentation: KeyPath<State, PresentationState<ChildState>>,
    action: @escaping (PresentationAction<ChildAction>) -> Action,
    isDuplicate: ((ChildState, ChildState) -> Bool)?
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(state: toPresentation, action: ChildAction.self, kind: .presentation)
    trackPresence(of: key) { $0[keyPath: toPresentation].id }
    let presentation = core.currentState[keyPath: toPresentation]
    guard let id = presentation.id, let childState = presentation.wrappedValue else {
      core.childCache.remove(key)
      return nil
    }
    if let entry = core.childCache.entry(for: key), entry.presentation != id {
      core.childCache.remove(key)
    }
    let store = cachedChild(key: key) { () -> StoreCore<ChildState, ChildAction> in
      let parent = core
      let link = DerivedLink<ChildState, ChildAction>(
        derive: { [unowned(unsafe) parent] in
          // Another presentation, or none, leaves this store with its last state.
          let presentation = parent.currentState[keyPath: toPresentation]
          return presentation.id == id ? presentation.wrappedValue : nil
        },
        isDuplicate: isDuplicate, parent: parent, embed: { action(.presented($0)) })
      let child = StoreCore<ChildState, ChildAction>(
        state: childState, role: .derived(link), effects: nil)
      child.dismissPresentation = { [unowned(unsafe) parent] in
        // A presentation that already ended (a button's action cleared an alert before SwiftUI
        // reports it gone) has nothing left to dismiss.
        guard parent.currentState[keyPath: toPresentation].id == id else { return }
        parent.send(action(.dismiss))
      }
      parent.addChild(child)
      return child
    }
    store.core.cacheEntry?.presentation = id
    return store
  }

  /// Scopes a store of an enum state to one of its cases: the case's store while the state is
  /// that case, nil otherwise.
  ///
  /// A destination is usually an enum of the screens a feature can present; each case gets its
  /// view through its own store:
  ///
  /// ```swift
  /// if let edit = destination.scope(
  ///   state: Destination.State.edit, action: Destination.Action.edit)
  /// {
  ///   EditView(store: edit)
  /// }
  /// ```
  ///
  /// `state` is the enum case constructor; cases that share a payload type are told apart, as
  /// for actions. Scoping again returns the same store while the state stays in that case;
  /// after it leaves the case and comes back, a new store.
  ///
  /// - Parameters:
  ///   - state: The case of this store's state, such as `Destination.State.edit`.
  ///   - action: Embeds the case's actions into this store's actions, such as
  ///     `Destination.Action.edit`.
  ///   - fileID: The file of the call, named in errors.
  ///   - line: The line of the call, named in errors.
  /// - Returns: A store of the case's state, notifying its observers when it changes (`!=`), or
  ///   nil when the state is another case.
  public func scope<ChildState: Equatable, ChildAction>(
    state: @escaping @Sendable (ChildState) -> State,
    action: @escaping (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    caseChild(
      state: CaseExtractor(embed: state, fileID: fileID, line: line, api: "scope"),
      action: action, isDuplicate: { $0 == $1 })
  }

  /// Scopes a store of an enum state to one of its cases whose state is not `Equatable`.
  ///
  /// - Parameters:
  ///   - state: The case of this store's state, such as `Destination.State.edit`.
  ///   - action: Embeds the case's actions into this store's actions.
  ///   - fileID: The file of the call, named in errors.
  ///   - line: The line of the call, named in errors.
  /// - Returns: A store of the case's state, or nil when the state is another case.
  public func scope<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> State,
    action: @escaping (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<ChildState, ChildAction>? {
    caseChild(
      state: CaseExtractor(embed: state, fileID: fileID, line: line, api: "scope"),
      action: action, isDuplicate: nil)
  }

  private func caseChild<ChildState, ChildAction>(
    state extractor: CaseExtractor<State, ChildState>,
    action: @escaping (ChildAction) -> Action,
    isDuplicate: ((ChildState, ChildState) -> Bool)?
  ) -> Store<ChildState, ChildAction>? {
    // The extractor proved that `State` is an enum.
    let metadata = EnumMetadata(State.self).unsafelyUnwrapped
    trackPresence(of: ObjectIdentifier(State.self)) { metadata.tag(of: $0) }
    let tag = metadata.tag(of: core.currentState)
    let key = CaseScopeKey(
      tag: tag, state: ObjectIdentifier(ChildState.self),
      action: ObjectIdentifier(ChildAction.self))
    guard let childState = extractor.extract(from: core.currentState) else {
      return nil
    }
    if let entry = core.childCache.entry(for: key), entry.isDismissed {
      // The state left this case since that store was made.
      core.childCache.remove(key)
    }
    return cachedChild(key: key) { () -> StoreCore<ChildState, ChildAction> in
      let parent = core
      let presence = ChildPresence<ChildState, ChildAction>()
      let link = DerivedLink<ChildState, ChildAction>(
        derive: { [unowned(unsafe) parent] in
          let state = extractor.extract(from: parent.currentState)
          if state == nil { presence.core?.cacheEntry?.isDismissed = true }
          return state
        },
        isDuplicate: isDuplicate, parent: parent, embed: action)
      let child = StoreCore<ChildState, ChildAction>(
        state: childState, role: .derived(link), effects: nil)
      // A case of a presented destination dismisses the destination.
      child.dismissPresentation = { [unowned(unsafe) parent] in parent.dismissPresentation?() }
      parent.addChild(child)
      presence.core = child
      return child
    }
  }
}

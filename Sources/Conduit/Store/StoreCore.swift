/// What a ``Store`` is made of: its state, its place in the tree of stores, and what observes it.
///
/// A `Store` is a handle on a core. The handle is what views and tests hold, and it keeps the
/// stores it was derived from alive; the core is the node that propagation updates and that
/// Observation tracks. Keeping them apart is what lets a store derived inside a SwiftUI body
/// work: the body's handle is freed when the body returns, but a core that was read stays
/// cached in its parent until it has told its reader of the next change (see ``CachedChild``),
/// and the next evaluation of the body gets a handle on the same core.
///
/// A core reaches its parent unowned, never holding it: whatever holds a core also keeps its
/// parent alive, either as a handle (which holds its parent's handle) or as the parent itself
/// (a cached child). So a parent's cache never forms a cycle with its children, and everything
/// is freed with the root's handle.
///
/// The send path and the derivation of a child are `@inlinable`, so that a client module
/// specialises them for its own state and action types: a send then looks up no generic
/// metadata, and the ``StoreNode/refresh`` closure of a derived store is concrete code.
@MainActor
@usableFromInline
final class StoreCore<State, Action>: StoreNode {
  enum Role {
    case root(RootRuntime<State, Action>)
    case derived(DerivedLink<State, Action>)
  }

  /// The root's source of truth, or a derived store's latest accepted derivation.
  ///
  /// Unchecked exclusivity: the one access that lasts is the reducer's, in place, in
  /// `RootRuntime.process`; no other access can overlap it, because every read from outside
  /// that could run meanwhile (a reducer reading its own store through `MainActor.assumeIsolated`)
  /// goes through ``currentState`` or ``state``, which stop the program while ``isReducing``.
  /// Propagation and notification, which use this storage directly, run after the reducer
  /// returns; a derived store's state is only written by propagation, each access a single read
  /// or write.
  @usableFromInline @exclusivity(unchecked) var stateStorage: State
  /// A root store's reducer, queue and effects; nil for a derived store.
  @usableFromInline let runtime: RootRuntime<State, Action>?
  /// For a derived store, where its actions go next: the parent's core, or a row collection.
  unowned(unsafe) let target: (any ActionTarget)?
  /// For a derived store, embeds its action into an action of ``target``.
  let embed: ((Action) -> Any)?
  /// The effects of a root store, kept apart from `runtime` for the `deinit`.
  private let effects: EffectRegistry?
  /// For a presented child: sends its parent's dismiss action while this store's presentation
  /// is the current one; SwiftUI glue calls it when the user swipes a sheet away.
  var dismissPresentation: (() -> Void)?

  private init(
    state: State, runtime: RootRuntime<State, Action>?, target: (any ActionTarget)?,
    embed: ((Action) -> Any)?, effects: EffectRegistry?,
    refresh: @escaping Refresh, origin: (fileID: StaticString, line: UInt)?
  ) {
    self.stateStorage = state
    self.runtime = runtime
    self.target = target
    self.embed = embed
    self.effects = effects
    super.init(refresh: refresh, origin: origin)
  }

  /// A root store's core, running `reduce` on every action; `reducer`, the type of a reducer
  /// with a body, to learn at the first action whether the body can be built once (see
  /// ``BuiltBody``).
  @usableFromInline
  convenience init(
    rootState: State, reduce: @escaping (inout State, Action) -> Effect<Action>,
    reducer: ObjectIdentifier? = nil
  ) {
    let registry = EffectRegistry()
    self.init(
      state: rootState,
      runtime: RootRuntime(reduce: reduce, reducer: reducer, registry: registry), target: nil,
      embed: nil, effects: registry, refresh: { _, _, _ in }, origin: nil)
  }

  /// A derived store's core: its actions go to `target`, embedded by `embed`; `refresh`
  /// re-derives its state after each change of its parent (see ``StoreNode/refresh``).
  @usableFromInline
  convenience init(
    derivedState: State, target: any ActionTarget, embed: @escaping (Action) -> Any,
    refresh: @escaping Refresh, origin: (fileID: StaticString, line: UInt)?
  ) {
    self.init(
      state: derivedState, runtime: nil, target: target, embed: embed, effects: nil,
      refresh: refresh, origin: origin)
  }

  /// A core for `role`: a root running its runtime, or a store derived through `link`.
  convenience init(
    state: State, role: Role, effects: EffectRegistry?,
    origin: (fileID: StaticString, line: UInt)? = nil
  ) {
    switch role {
    case .root(let runtime):
      self.init(
        state: state, runtime: runtime, target: nil, embed: nil, effects: effects,
        refresh: { _, _, _ in }, origin: origin)
    case .derived(let link):
      self.init(
        state: state, runtime: nil, target: link.parent, embed: link.embed, effects: effects,
        refresh: Self.refresh(through: link), origin: origin)
    }
  }

  isolated deinit {
    // A root's effects have no one left to send to; a derived store has none of its own.
    effects?.cancelAll()
  }

  /// The refresh of a store derived through `link`.
  private static func refresh(through link: DerivedLink<State, Action>) -> Refresh {
    { _, node, changed in
      guard let newState = link.derive() else { return }
      unsafeDowncast(node, to: StoreCore.self).accept(
        newState, isDuplicate: link.isDuplicate, into: &changed)
    }
  }

  /// The current state, registering the reader's interest with Observation.
  var state: State {
    didAccess()
    return currentState
  }

  /// The current state, without registering interest, for Conduit's own reads.
  ///
  /// Read in place. A reducer cannot reach its own store's state (it is not main-actor
  /// isolated), but one that does anyway, through `MainActor.assumeIsolated`, would read the
  /// state while the reducer changes it: that stops the program here, with a message, as the
  /// exclusivity check it replaces would.
  @inlinable
  var currentState: State {
    _read {
      if isReducing { Self.stateReadWhileReducing() }
      yield stateStorage
    }
  }

  @usableFromInline
  static func stateReadWhileReducing() -> Never {
    preconditionFailure(
      """
      A store's state was read while its reducer runs (from the reducer itself, or code it \
      calls). A reducer gets the state as its `inout` argument; read it there.
      """)
  }

  /// Sends `action`: runs it on a root, or walks it up to the root from a derived store.
  @inlinable
  @discardableResult
  func send(_ action: Action) -> StoreTask {
    if let runtime { return runtime.send(action, handle: nil, to: self) }
    return forward(action)
  }

  /// Walks a derived store's action up to the root, in a loop (see ``ActionHop``).
  @usableFromInline
  func forward(_ action: Action) -> StoreTask {
    ActionHop.forward(to: target!, action: embed!(action)).deliver()
  }

  /// Adds a callback that gets the state after each change.
  @inlinable
  func subscribe(
    _ onChange: @escaping @MainActor (State) -> Void, owner: any Sendable
  ) -> Subscription {
    // Unowned: the callback lives in this core's list and only this core calls it. Held, it
    // would form a cycle.
    addSubscriber({ [unowned(unsafe) self] in onChange(self.stateStorage) }, owner: owner)
  }

  /// Takes a newly derived state, unless it duplicates the current one; for row stores, which
  /// their collection updates.
  func accept(
    _ newState: State, isDuplicate: ((State, State) -> Bool)?,
    into changed: inout [StoreNode]
  ) {
    if let isDuplicate, isDuplicate(stateStorage, newState) { return }
    // A duplicate keeps the old value, so `state` and what observers were told always agree.
    stateStorage = newState
    changed.append(self)
  }
}

/// What `deriveState` makes of `state`, read in place.
///
/// Passing a store's stored state to `deriveState` directly would copy it (retaining everything
/// in it), as the compiler cannot tell that the call leaves the property alone; an `inout`
/// argument it knows nothing else reaches. Nothing writes through it: it is `inout` only to be
/// passed by address.
@inlinable
func deriveInPlace<State, Derived>(
  _ state: inout State, _ deriveState: (State) -> Derived
) -> Derived {
  deriveState(state)
}

extension StoreCore {
  // The refreshes of derived stores (see ``StoreNode/refresh``), for a parent of the type of
  // their first argument. Propagation passes the parent the store derives from and the store
  // itself, after the parent's reducer returned (see ``stateStorage``). A duplicate keeps the
  // old value, so that `state` and what observers were told always agree.

  /// Derives with `deriveState`, and counts a state `isDuplicate` calls a duplicate as no
  /// change.
  @inlinable
  static func refresh<ParentState, ParentAction>(
    from _: StoreCore<ParentState, ParentAction>,
    deriving deriveState: @escaping (ParentState) -> State,
    isDuplicate: @escaping (State, State) -> Bool
  ) -> Refresh {
    { parent, node, changed in
      let parent = unsafeDowncast(parent, to: StoreCore<ParentState, ParentAction>.self)
      let child = unsafeDowncast(node, to: StoreCore.self)
      let newState = deriveInPlace(&parent.stateStorage, deriveState)
      if isDuplicate(child.stateStorage, newState) { return }
      child.stateStorage = newState
      changed.append(child)
    }
  }

  /// Derives with `deriveState`, and counts an equal state as no change.
  @inlinable
  static func refresh<ParentState, ParentAction>(
    from _: StoreCore<ParentState, ParentAction>,
    derivingEquatable deriveState: @escaping (ParentState) -> State
  ) -> Refresh where State: Equatable {
    { parent, node, changed in
      let parent = unsafeDowncast(parent, to: StoreCore<ParentState, ParentAction>.self)
      let child = unsafeDowncast(node, to: StoreCore.self)
      let newState = deriveInPlace(&parent.stateStorage, deriveState)
      if child.stateStorage == newState { return }
      child.stateStorage = newState
      changed.append(child)
    }
  }

  /// Derives with `deriveState`, every time a change.
  @inlinable
  static func refresh<ParentState, ParentAction>(
    from _: StoreCore<ParentState, ParentAction>,
    deriving deriveState: @escaping (ParentState) -> State
  ) -> Refresh {
    { parent, node, changed in
      let parent = unsafeDowncast(parent, to: StoreCore<ParentState, ParentAction>.self)
      let child = unsafeDowncast(node, to: StoreCore.self)
      child.stateStorage = deriveInPlace(&parent.stateStorage, deriveState)
      changed.append(child)
    }
  }
}

extension StoreCore: ActionTarget {
  @usableFromInline
  func take(_ action: Any) -> ActionHop {
    // Only this store's own child links forward to it, each with an action of its type.
    let action = action as! Action
    if let runtime { return .delivered(runtime.send(action, handle: nil, to: self)) }
    return .forward(to: target!, action: embed!(action))
  }
}

import Observation

/// The single source of truth of an app's state, changed only by sending actions.
///
/// A root store runs its reducer on every ``send(_:)`` and starts the effects the reducer
/// returns. Views do not watch the root: they watch small stores derived from it with
/// ``derived(deriveState:embedAction:)``, ``scope(state:action:)-1cw5l``, ``observe(_:)`` or
/// ``connect(using:)``, each of which notifies its observers only when its own state changes.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
/// let tabs = store.observe(\.selectedTab)
/// store.send(.tabSelected(.search))
/// print(tabs.state)  // search
/// ```
///
/// A store is observed through the `Observation` module, as SwiftUI does, or with
/// ``subscribe(_:)``. Every store lives on the main actor; effects run elsewhere and send their
/// actions back through the main actor.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action>: Observable {
  enum Role {
    case root(RootRuntime<State, Action>)
    case derived(DerivedLink<State, Action>)
  }

  /// The root's source of truth, or a derived store's latest accepted derivation.
  var currentState: State
  let role: Role
  /// The effects of a root store, kept outside `role` so the nonisolated `deinit` may reach them.
  private let effects: EffectRegistry?
  /// A derived store's strong reference to its parent (a store, or a row collection), the only
  /// one: the link's closures reach the parent unowned, so `deinit` can hand this reference to
  /// ``DeferredRelease``. Written once, in `init`, and taken in `deinit`, when nothing else can
  /// touch the store; hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private var parentReference: (any AnyObject & Sendable)?
  private let registrar = ObservationRegistrar()
  /// `\.state`, instantiated once per store type: a key path into a generic class is built at
  /// run time, and building it on every read and change cost microseconds.
  private let stateKeyPath: KeyPath<Store, State>
  /// Stores and collections derived from this one, held weakly: a view owns what it watches.
  var children: [WeakNode] = []
  var subscribers = SubscriberList<State>()
  var childCache = ChildCache()

  /// Creates a root store that runs `reducer` on every action.
  ///
  /// For previews and container views, a store whose sends do nothing:
  ///
  /// ```swift
  /// let preview = Store(initialState: HistoryView.State(posters: []), reducer: EmptyReducer())
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - reducer: The reducer that changes the state in response to actions.
  public convenience init<R: Reducer>(
    initialState: State, reducer: R
  ) where R.State == State, R.Action == Action {
    let registry = EffectRegistry()
    self.init(
      state: initialState,
      role: .root(
        RootRuntime(
          reduce: { reducer.reduce(into: &$0, action: $1) }, registry: registry)),
      effects: registry)
  }

  init(
    state: State, role: Role, effects: EffectRegistry?, parent: (any AnyObject & Sendable)? = nil
  ) {
    self.currentState = state
    self.role = role
    self.effects = effects
    self.parentReference = parent
    self.stateKeyPath = StateKeyPaths.keyPath(for: Store.self)
  }

  deinit {
    // A root's effects have no one left to send to; a derived store has none of its own.
    effects?.cancelAll()
    DeferredRelease.release(&parentReference)
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI body) registers interest in
  /// this store, so the reader is told exactly when this store's state changes.
  public var state: State {
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  /// A part of the current state, read through ``state`` so it is tracked the same way.
  ///
  /// - Parameter keyPath: The part of the state to read.
  /// - Returns: The value at `keyPath` in the current state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action to the store.
  ///
  /// The reducer runs synchronously. Before `send` returns, every live store derived from the
  /// root holds the derivation of the new state, and every observer whose state changed has been
  /// told. A send made while the store is still handling an action (from an observer, or an
  /// ``Effect/send(_:)`` effect) is queued and handled, in order, right after the current one.
  ///
  /// On a derived store, sending `action` is the same as sending its embedding to the parent.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: A task for the effects the action started; await ``StoreTask/finish()`` to wait
  ///   for them.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    switch role {
    case .root(let runtime): runtime.send(action, handle: nil, to: self)
    case .derived(let link):
      ActionHop.forward(to: link.parent, action: link.embed(action)).deliver()
    }
  }

  /// Tells everything watching this store that its state changed.
  func notifyObservers() {
    // Called after every store in the tree holds its new state, so an observer that reads any
    // store, here or in its `onChange`, sees the new values (the registrar calls `onChange`
    // from `willSet`, which on its own would expose the old value).
    registrar.willSet(self, keyPath: stateKeyPath)
    registrar.didSet(self, keyPath: stateKeyPath)
    if !subscribers.isEmpty { callSubscribers() }
  }
}

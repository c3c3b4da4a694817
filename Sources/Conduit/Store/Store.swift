import Observation

/// The single source of truth of an app's state, changed only by sending actions.
///
/// A root store runs its reducer on every ``send(_:)`` and starts the effects the reducer
/// returns. Views do not watch the root: they watch small stores derived from it with
/// ``derived(deriveState:embedAction:fileID:line:)``, ``scope(state:action:fileID:line:)-yt0j``, ``observe(_:fileID:line:)-(KeyPath<State,ViewState>,_,_)`` or
/// ``connect(using:fileID:line:)``, each of which notifies its observers only when its own state changes.
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
  /// The node this handle is on: its state, children and observers (see ``StoreCore``).
  @usableFromInline let core: StoreCore<State, Action>
  /// A derived store's strong reference to the store (or row collection) it was derived from,
  /// which keeps that one's core, and the cores above it, alive: cores reach their parents
  /// unowned. Written once, in `init`, and taken in `deinit`, when nothing else can touch the
  /// handle; hence `nonisolated(unsafe)`.
  nonisolated(unsafe) private var parentReference: (any AnyObject & Sendable)?

  /// Creates a root store that runs `reducer` on every action.
  ///
  /// A reducer that is made of others, in its ``Reducer/body``, has that body built once, at
  /// the store's first action, and kept for the actions after it: building a body, with every
  /// `Scope` and `forEach` in it, costs more than running it. A reducer that implements
  /// ``Reducer/reduce(into:action:)`` itself is called for every action, as in TCA, even if it
  /// also has a body. TCA builds `body` again for each action; the two differ only for a body
  /// that reads something other than the reducer's own properties, which a body should not.
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
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State, reducer: R
  ) where R.State == State, R.Action == Action {
    // Made here, inlined into the app, so that the reducer's call is specialised there.
    self.init(
      core: StoreCore(
        rootState: initialState, reduce: { reducer.reduce(into: &$0, action: $1) },
        reducer: R.Body.self == Never.self ? nil : ObjectIdentifier(R.self)),
      parent: nil)
  }

  /// A handle on `core`, keeping `parent` (the handle or collection it was derived through)
  /// alive.
  @usableFromInline
  init(core: StoreCore<State, Action>, parent: (any AnyObject & Sendable)?) {
    self.core = core
    self.parentReference = parent
  }

  deinit {
    #if DEBUG
      // Only a store derived by a closure has an origin, and this, its one handle, frees it.
      core.warnIfReadUnseen()
    #endif
    DeferredRelease.release(&parentReference)
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI body) registers interest in
  /// this store, so the reader is told exactly when this store's state changes.
  public var state: State {
    core.state
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
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// The state without registering interest, for Conduit's own reads.
  var currentState: State { core.currentState }
}

import Observation

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
@MainActor
final class StoreCore<State, Action>: Observable {
  enum Role {
    case root(RootRuntime<State, Action>)
    case derived(DerivedLink<State, Action>)
  }

  /// The root's source of truth, or a derived store's latest accepted derivation.
  var currentState: State
  let role: Role
  /// The effects of a root store, kept outside `role` so the nonisolated `deinit` may reach them.
  private let effects: EffectRegistry?
  private let registrar = ObservationRegistrar()
  /// `\.currentState`, instantiated once per store type: a key path into a generic class is
  /// built at run time, and building it on every read and change cost microseconds.
  private let stateKeyPath: KeyPath<StoreCore, State>
  /// Stores and collections derived from this one, held weakly: a view owns what it watches.
  var children: [WeakNode] = []
  var subscribers = SubscriberList<State>()
  var childCache = ChildCache()
  /// Whether ``state`` was read since the last notification. An observation can only be set up
  /// by a read, and Observation's tracking is one-shot, so without a read since the last change
  /// nobody can be observing: the registrar is skipped.
  private var isRead = false
  /// For a cached child, its entry in the parent's cache, which holds this core while it is
  /// read and has not notified yet.
  weak var cacheEntry: CachedChild?
  /// Where the store was derived, for the warning about a store read and freed unseen; nil for
  /// roots and cached children, which cannot be freed that way.
  private let origin: (fileID: StaticString, line: UInt)?
  /// For a presented child: sends its parent's dismiss action while this store's presentation
  /// is the current one; SwiftUI glue calls it when the user swipes a sheet away.
  var dismissPresentation: (() -> Void)?
  /// Whether the parent has propagated to this store at least once since it was made.
  private var hasSeenAChange = false
  /// Read in `deinit`: whether the store was read, and then freed before its parent changed.
  nonisolated(unsafe) private var wasReadUnseen = false

  init(
    state: State, role: Role, effects: EffectRegistry?,
    origin: (fileID: StaticString, line: UInt)? = nil
  ) {
    self.currentState = state
    self.role = role
    self.effects = effects
    self.origin = origin
    self.stateKeyPath = StateKeyPaths.keyPath(for: StoreCore.self)
  }

  deinit {
    // A root's effects have no one left to send to; a derived store has none of its own.
    effects?.cancelAll()
    #if DEBUG
      if wasReadUnseen, let origin {
        runtimeWarning(
          """
          A store derived here was read, then freed before its state could change, so \
          whatever read it (a SwiftUI body?) is never told of a change. In a body, derive \
          with `observe(\\.keyPath)`, `scope(state:action:)` or a `Hashable` connector, which \
          keep the store while it is read; or hold the store for the view's life \
          (`WithViewStore`).
          """, fileID: origin.fileID, line: origin.line)
      }
    #endif
  }

  /// The current state, registering the reader's interest with Observation.
  var state: State {
    if !isRead { didRead() }
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  private func didRead() {
    isRead = true
    cacheEntry?.pin(self)
    if origin != nil, !hasSeenAChange { wasReadUnseen = true }
  }

  @discardableResult
  func send(_ action: Action) -> StoreTask {
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
    if isRead {
      // Cleared first: an observer that reads again while being told sets up a new
      // observation, which the next change must reach.
      isRead = false
      cacheEntry?.unpin()
      registrar.willSet(self, keyPath: stateKeyPath)
      registrar.didSet(self, keyPath: stateKeyPath)
    }
    if !subscribers.isEmpty { callSubscribers() }
  }

  func callSubscribers() {
    // A copy: callbacks may subscribe or cancel while it runs.
    let subscribers = self.subscribers
    if subscribers.call(with: currentState) { self.subscribers.sweep() }
  }

  /// Records that the parent propagated to this store, for the read-and-freed warning.
  func didSeeAChange() {
    if !hasSeenAChange {
      hasSeenAChange = true
      wasReadUnseen = false
    }
  }
}

/// What only a root store has: the reducer, the queue of actions sent while it is busy, and
/// the effects it is running.
///
/// The path of a send that starts no effect (``send(_:handle:to:)`` and ``process(_:handle:in:)``)
/// is `@inlinable`, so a client specialises it for its types: it then costs the reducer, a few
/// flags and the propagation, with no generic metadata to look up. What is rare (queueing,
/// effects) stays out of line.
///
/// The flags and buffers below are read and written only here, on the main actor, each access a
/// single load or store (or, for the queue and the buffer, a call into the standard library that
/// calls nothing of Conduit's or the app's): no two accesses can overlap, so their exclusivity is
/// not checked at run time.
@MainActor
@usableFromInline
final class RootRuntime<State, Action> {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  /// The reducer's type until its first action, when it has a `body`: the store then learns
  /// whether the body can be built once (see ``BuiltBody``).
  @usableFromInline @exclusivity(unchecked) var unprobedReducer: ObjectIdentifier?
  /// After the first action, the reducer's `body`, built once, when the reducer runs through
  /// it; run instead of `reduce`. Unmanaged, so that no send retains it: `bodyOwner` keeps it.
  /// Both are written once, in `reduceLearningBody`, between two actions.
  @usableFromInline @exclusivity(unchecked) var body: Unmanaged<BuiltBody.Runner<State, Action>>?
  private var bodyOwner: BuiltBody.Runner<State, Action>?
  private let registry: EffectRegistry
  private var runner: EffectRunner<Action>?
  @usableFromInline @exclusivity(unchecked) var isProcessing = false
  /// Whether `queue` has been used during this send; checked instead of the array itself.
  @usableFromInline @exclusivity(unchecked) var hasQueued = false
  @exclusivity(unchecked) private var queue: [(action: Action, handle: EffectHandle?)] = []
  @exclusivity(unchecked) private var queueHead = 0
  /// Reused from send to send so propagation does not allocate (see
  /// ``StoreNode/propagate(using:)``, which takes it for the duration). Only `process` touches
  /// it, and a root processes one action at a time.
  @usableFromInline @exclusivity(unchecked) var changed: [StoreNode] = []

  init(
    reduce: @escaping (inout State, Action) -> Effect<Action>, reducer: ObjectIdentifier?,
    registry: EffectRegistry
  ) {
    self.reduce = reduce
    self.unprobedReducer = reducer
    self.registry = registry
  }

  /// Runs `action` now, or, when called while another action is being handled, queues it
  /// behind the actions already waiting. `handle` collects the tasks the action starts; an
  /// `.send` effect passes the handle of the send it belongs to.
  @inlinable
  func send(
    _ action: Action, handle: EffectHandle?, to store: StoreCore<State, Action>
  ) -> StoreTask {
    if isProcessing { return enqueue(action, handle: handle) }
    isProcessing = true
    let task = StoreTask(handle: process(action, handle: handle, in: store))
    if hasQueued { processQueue(in: store) }
    isProcessing = false
    return task
  }

  /// Queues an action sent while another is being handled.
  @usableFromInline
  func enqueue(_ action: Action, handle: EffectHandle?) -> StoreTask {
    let handle = handle ?? EffectHandle()
    queue.append((action, handle))
    hasQueued = true
    return StoreTask(handle: handle)
  }

  /// Handles the queued actions in order, including those queued meanwhile, then empties the
  /// queue.
  @usableFromInline
  func processQueue(in store: StoreCore<State, Action>) {
    while queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      _ = process(next.action, handle: next.handle, in: store)
    }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
    hasQueued = false
  }

  @inlinable
  func process(
    _ action: Action, handle: EffectHandle?, in store: StoreCore<State, Action>
  ) -> EffectHandle? {
    #if DEBUG
      let isTraced = Self.isTracingRenders  // for `printRenders()`, in Debugging/
      if isTraced { Self.willProcess(action) }
      defer { if isTraced { Self.didProcess() } }
    #endif
    // In place: no copy of the old state is kept, so a large array is never copied on write.
    store.isReducing = true
    let effect: Effect<Action>
    if let body {
      effect = withGuaranteed(body) { $0.run(&store.stateStorage, action) }
    } else if unprobedReducer == nil {
      effect = reduce(&store.stateStorage, action)
    } else {
      effect = reduceLearningBody(&store.stateStorage, action)
    }
    store.isReducing = false
    var handle = handle
    // Effects start first so that an `.send` effect's action queues ahead of anything an
    // observer sends: an action's own follow-up comes before reactions to it.
    if !effect.isNone { handle = start(effect, handle: handle, in: store) }
    handle?.markRun()
    if store.hasChildren {
      store.propagate(using: &changed)
    } else {
      store.notifyObservers()
    }
    return handle
  }

  /// Runs the reducer for the first time, and keeps its body for the next actions if it runs
  /// through the default `reduce(into:action:)`, which offers the body it built.
  @usableFromInline
  func reduceLearningBody(_ state: inout State, _ action: Action) -> Effect<Action> {
    guard let reducer = unprobedReducer else { return reduce(&state, action) }
    unprobedReducer = nil
    let (effect, offered) = BuiltBody.probing(reducer) { reduce(&state, action) }
    if let runner = offered as? BuiltBody.Runner<State, Action> {
      bodyOwner = runner
      body = Unmanaged.passUnretained(runner)
    }
    return effect
  }

  /// Starts `effect` on behalf of the send `handle` belongs to (a new one when nil).
  @usableFromInline
  func start(
    _ effect: Effect<Action>, handle: EffectHandle?, in store: StoreCore<State, Action>
  ) -> EffectHandle {
    let effectHandle = handle ?? EffectHandle()
    runner(for: store).start(effect, for: effectHandle)
    return effectHandle
  }

  private func runner(for store: StoreCore<State, Action>) -> EffectRunner<Action> {
    if let runner { return runner }
    let runner = EffectRunner<Action>(registry: registry) { [weak store] action, handle in
      guard let store, let runtime = store.runtime else { return StoreTask(handle: nil) }
      return runtime.send(action, handle: handle, to: store)
    }
    self.runner = runner
    return runner
  }

  /// How many effects are running, for tests.
  var runningEffectCount: Int { registry.count }
}

#if DEBUG
  extension RootRuntime {
    /// Whether `printRenders()` traces any store; see `RenderTrace` in Debugging/.
    @usableFromInline static var isTracingRenders: Bool { RenderTrace.isActive }

    /// Notes, for a trace, that `action` is being handled.
    @usableFromInline static func willProcess(_ action: Action) {
      RenderTrace.willProcess(action)
    }

    /// Notes, for a trace, that the action noted last is handled.
    @usableFromInline static func didProcess() {
      RenderTrace.didProcess()
    }
  }
#endif

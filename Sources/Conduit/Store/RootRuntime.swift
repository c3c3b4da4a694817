/// What only a root store has: the reducer, the queue of actions sent while it is busy, and
/// the effects it is running.
@MainActor
final class RootRuntime<State, Action> {
  private let reduce: (inout State, Action) -> Effect<Action>
  private let registry: EffectRegistry
  private var runner: EffectRunner<Action>?
  private var isProcessing = false
  private var queue: [(action: Action, handle: EffectHandle?)] = []
  private var queueHead = 0
  /// Whether `queue` has been used during this send; checked instead of the array itself, whose
  /// element type is a generic tuple that costs a metadata lookup to touch.
  private var hasQueued = false
  /// Reused from send to send so propagation does not allocate.
  private var changed: [any StoreNode] = []

  init(reduce: @escaping (inout State, Action) -> Effect<Action>, registry: EffectRegistry) {
    self.reduce = reduce
    self.registry = registry
  }

  /// Runs `action` now, or, when called while another action is being handled, queues it
  /// behind the actions already waiting. `handle` collects the tasks the action starts; an
  /// `.send` effect passes the handle of the send it belongs to.
  func send(
    _ action: Action, handle: EffectHandle?, to store: StoreCore<State, Action>
  ) -> StoreTask {
    if isProcessing {
      let handle = handle ?? EffectHandle()
      queue.append((action, handle))
      hasQueued = true
      return StoreTask(handle: handle)
    }
    isProcessing = true
    defer {
      if hasQueued {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
        hasQueued = false
      }
      isProcessing = false
    }
    let task = StoreTask(handle: process(action, handle: handle, in: store))
    while hasQueued, queueHead < queue.count {
      let next = queue[queueHead]
      queueHead += 1
      _ = process(next.action, handle: next.handle, in: store)
    }
    return task
  }

  private func process(
    _ action: Action, handle: EffectHandle?, in store: StoreCore<State, Action>
  ) -> EffectHandle? {
    #if DEBUG
      let isTraced = RenderTrace.isActive  // for `printRenders()`, in Debugging/
      if isTraced { RenderTrace.willProcess(action) }
      defer { if isTraced { RenderTrace.didProcess() } }
    #endif
    // In place: no copy of the old state is kept, so a large array is never copied on write.
    let effect = reduce(&store.currentState, action)
    var handle = handle
    // Effects start first so that an `.send` effect's action queues ahead of anything an
    // observer sends: an action's own follow-up comes before reactions to it.
    if !effect.isNone {
      let effectHandle = handle ?? EffectHandle()
      runner(for: store).start(effect, for: effectHandle)
      handle = effectHandle
    }
    handle?.markRun()
    propagate(from: store)
    return handle
  }

  /// Brings every live derived store up to date, then notifies the ones that changed.
  private func propagate(from store: StoreCore<State, Action>) {
    var changed: [any StoreNode] = []
    swap(&changed, &self.changed)
    changed.append(store)
    // Breadth first, in a loop: each changed node's children re-derive from it, and those that
    // change join the end of the list, so depth costs no stack.
    var next = 0
    while next < changed.count {
      changed[next].childrenNeedUpdate(into: &changed)
      next += 1
    }
    for node in changed { node.notifyObservers() }
    changed.removeAll(keepingCapacity: true)
    swap(&changed, &self.changed)
  }

  private func runner(for store: StoreCore<State, Action>) -> EffectRunner<Action> {
    if let runner { return runner }
    let runner = EffectRunner<Action>(registry: registry) { [weak store] action, handle in
      guard let store, case .root(let runtime) = store.role else { return StoreTask(handle: nil) }
      return runtime.send(action, handle: handle, to: store)
    }
    self.runner = runner
    return runner
  }

  /// How many effects are running, for tests.
  var runningEffectCount: Int { registry.count }
}

/// Something that keeps a copy of state derived from a parent store and must be brought up to
/// date after every change of that parent: a derived store, or a collection of row stores.
///
/// Propagation is a loop, not a recursion (see `RootRuntime`): a node re-derives its own state
/// and reports itself as changed; the loop then visits the children of each changed node in
/// turn, so a chain of stores 100,000 deep updates without growing the stack.
@MainActor
protocol StoreNode: AnyObject {
  /// Re-derives this node's state from its parent. When the node's state changed, it appends
  /// itself to `changed` (a collection appends the row stores it updated, too); it does not
  /// update its children.
  func parentDidChange(into changed: inout [any StoreNode])

  /// Calls ``parentDidChange(into:)`` on each live child of this node, which changed.
  func childrenNeedUpdate(into changed: inout [any StoreNode])

  /// Tells the node's observers that its state changed; called once every node is up to date.
  func notifyObservers()
}

/// A parent's weak reference to a child node: views own the stores they watch, parents do not.
struct WeakNode {
  weak var node: (any StoreNode)?
}

/// Something a derived store's actions pass through on their way to the root: a store, or a
/// collection that wraps its rows' actions.
///
/// A send from a derived store walks up its chain of parents in a loop, one hop at a time, each
/// hop embedding the action into the next parent's action type; the action travels type-erased
/// because the types differ at every level. The loop, unlike a chain of calls, does not grow the
/// stack with the depth of the chain.
@MainActor
protocol ActionTarget: AnyObject {
  /// Handles `action`, an action of this target erased to `Any`, or embeds it for the next
  /// target up.
  func take(_ action: Any) -> ActionHop
}

/// What one step of a send's walk to the root did.
enum ActionHop {
  /// The root store ran the action.
  case delivered(StoreTask)
  /// The action, embedded, goes on to the next target.
  case forward(to: any ActionTarget, action: Any)

  /// Walks the rest of the way to the root.
  @MainActor
  func deliver() -> StoreTask {
    var hop = self
    while true {
      switch hop {
      case .delivered(let task): return task
      case .forward(let target, let action): hop = target.take(action)
      }
    }
  }
}

/// How a derived store gets its state and delivers its actions.
///
/// Its closures reach the parent core without holding it: whatever holds the child core keeps the
/// parent alive (see ``StoreCore``), and a handle's reference to its parent goes through
/// ``DeferredRelease`` so that freeing a long chain of stores does not recurse.
struct DerivedLink<State, Action> {
  /// Derives the state from the parent's current state; nil when there is nothing to derive
  /// from any more (an optional child that became nil, a row that was removed), in which case
  /// the store keeps its last state.
  let derive: () -> State?
  /// Whether two derived states count as the same; nil for "every parent change is a change".
  let isDuplicate: ((State, State) -> Bool)?
  /// Where this store's actions go next: the parent's core, or a row collection.
  unowned(unsafe) let parent: any ActionTarget
  /// Embeds an action of this store into an action of `parent`.
  let embed: (Action) -> Any
}

extension StoreCore: StoreNode {
  func parentDidChange(into changed: inout [any StoreNode]) {
    guard case .derived(let link) = role else { return }
    didSeeAChange()
    guard let newState = link.derive() else { return }
    accept(newState, isDuplicate: link.isDuplicate, into: &changed)
  }

  /// Takes a newly derived state, unless it duplicates the current one.
  func accept(
    _ newState: State, isDuplicate: ((State, State) -> Bool)?,
    into changed: inout [any StoreNode]
  ) {
    if let isDuplicate, isDuplicate(currentState, newState) { return }
    // A duplicate keeps the old value, so `state` and what observers were told always agree.
    currentState = newState
    changed.append(self)
  }

  /// Updates the children of this store, dropping the ones that were freed.
  func childrenNeedUpdate(into changed: inout [any StoreNode]) {
    guard !children.isEmpty else { return }
    var sawFreed = false
    // Iterates a snapshot: a derivation may, however unwisely, derive new stores from this one.
    for child in children {
      if let node = child.node {
        node.parentDidChange(into: &changed)
      } else {
        sawFreed = true
      }
    }
    if sawFreed { children.removeAll { $0.node == nil } }
  }

  /// Registers a new child node, to be updated after every change of this store.
  func addChild(_ node: any StoreNode) {
    children.append(WeakNode(node: node))
  }
}

extension StoreCore: ActionTarget {
  func take(_ action: Any) -> ActionHop {
    // Only this store's own child links forward to it, each with an action of its type.
    let action = action as! Action
    switch role {
    case .root(let runtime): return .delivered(runtime.send(action, handle: nil, to: self))
    case .derived(let link): return .forward(to: link.parent, action: link.embed(action))
    }
  }
}

/// Frees the parents of freed derived stores one after another instead of one inside another.
///
/// A derived store holds its parent; when the last reference to the end of a chain of derived
/// stores goes, each `deinit` would free the next store from inside its own, a recursion as
/// deep as the chain. Instead, a store's `deinit` hands its parent reference here. The first
/// release drains the queue in a loop; a parent that a release frees adds its own parent to the
/// queue and returns, and the loop frees that one next. A release made while another thread
/// drains joins the queue and is freed by that thread: a store's `deinit` may run on any
/// thread.
enum DeferredRelease {
  private struct Queue {
    var pending: [any AnyObject & Sendable] = []
    var isDraining = false
  }

  private static let queue = Locked(Queue())

  /// Releases the reference in `slot`, now or after the releases already under way, and leaves
  /// the slot empty.
  ///
  /// It moves the reference out of the caller's slot: a reference the caller kept would free
  /// the parent in the caller's frame after all.
  static func release(_ slot: inout (any AnyObject & Sendable)?) {
    guard slot != nil else { return }
    let drains = queue.withLock { queue in
      queue.pending.append(slot.take()!)
      defer { queue.isDraining = true }
      return !queue.isDraining
    }
    guard drains else { return }
    while true {
      var next = queue.withLock { queue -> (any AnyObject & Sendable)? in
        guard !queue.pending.isEmpty else {
          queue.isDraining = false
          return nil
        }
        return queue.pending.removeLast()
      }
      guard next != nil else { return }
      // Freed here, outside the lock: it may free stores whose parents join the queue.
      next = nil
    }
  }
}

/// Something that keeps a copy of state derived from a parent store and must be brought up to
/// date after every change of that parent: a derived store, or a collection of row stores.
@MainActor
protocol StoreNode: AnyObject {
  /// Re-derives this node's state from its parent. When the node's state changed, it appends
  /// itself to `changed` and updates its own children the same way.
  func parentDidChange(into changed: inout [any StoreNode])

  /// Tells the node's observers that its state changed; called once every node is up to date.
  func notifyObservers()
}

/// A parent's weak reference to a child node: views own the stores they watch, parents do not.
struct WeakNode {
  weak var node: (any StoreNode)?
}

/// How a derived store gets its state and delivers its actions.
struct DerivedLink<State, Action> {
  /// Derives the state from the parent's current state, holding the parent strongly; nil when
  /// there is nothing to derive from any more (an optional child that became nil, a row that was
  /// removed), in which case the store keeps its last state.
  let derive: () -> State?
  /// Whether two derived states count as the same; nil for "every parent change is a change".
  let isDuplicate: ((State, State) -> Bool)?
  let sendToParent: (Action) -> StoreTask
}

extension Store: StoreNode {
  func parentDidChange(into changed: inout [any StoreNode]) {
    guard case .derived(let link) = role, let newState = link.derive() else { return }
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
    propagate(into: &changed)
  }

  /// Updates the children of this store, dropping the ones that were freed.
  func propagate(into changed: inout [any StoreNode]) {
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

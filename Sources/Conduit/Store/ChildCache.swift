/// The children of one store that are looked up again rather than made anew (scoped and
/// observed stores, connected stores, row collections, optional children), by key.
///
/// A SwiftUI body derives its stores on every evaluation; the cache gives it the same live store
/// each time. Entries hold their child weakly, except while it is pinned (see ``CachedChild``).
@MainActor
struct ChildCache {
  private var entries: [AnyHashable: CachedChild] = [:]
  /// Freed entries are swept when the cache reaches this size, so it stays proportional to the
  /// number of live children.
  private var sweepAt = 8

  func entry(for key: AnyHashable) -> CachedChild? {
    entries[key]
  }

  mutating func insert(_ entry: CachedChild, for key: AnyHashable) {
    if entries.count >= sweepAt {
      entries = entries.filter { !$0.value.isEmpty }
      sweepAt = max(8, entries.count * 2)
    }
    entries[key] = entry
  }

  mutating func remove(_ key: AnyHashable) {
    entries[key] = nil
  }

  var count: Int { entries.count }
}

/// One cached child: the handle last given out, the node behind it, and the pin that keeps the
/// node alive while it is read.
///
/// A view's body reads a cached store and drops its handle when it returns; Observation's
/// tracking lives in the node's registrar, so the node must outlive the handle until it has
/// told the reader of the next change. Reading pins the node here, in the parent that owns the
/// cache, and the node's next notification unpins it: "alive from a read until its next
/// notification", at most one node per key. The parent holding the pin never forms a cycle: a
/// node does not hold its parent.
@MainActor
final class CachedChild {
  /// The handle last given out for the child, reused while someone holds it.
  weak var handle: AnyObject?
  /// The child's node: a store's core, or a row collection.
  weak var node: AnyObject?
  /// The node, held while it is read and has not notified since.
  private var pinned: AnyObject?
  /// For an optional child or an enum case: whether its state has become nil (or another case),
  /// ending this presentation.
  var isDismissed = false
  /// For a presented child: the presentation the node shows.
  var presentation: PresentationID?

  init(node: AnyObject) {
    self.node = node
  }

  func pin(_ node: AnyObject) { pinned = node }
  func unpin() { pinned = nil }

  /// Whether nothing is left of the child.
  var isEmpty: Bool { handle == nil && node == nil }
}

/// How a child's derivation, made before its core, reaches the cache entry that says whether
/// its presentation ended (an optional state turned nil, an enum state left the case): through
/// the core, once made.
@MainActor
final class ChildPresence<State, Action> {
  weak var core: StoreCore<State, Action>?
}

/// The key of a cached child: the path to its state, the type of its actions, and which kind of
/// derivation made it, so that `observe(\.count)` and `scope(state: \.count, action:)` differ.
struct ScopeKey: Hashable {
  enum Kind: Hashable {
    case scope
    case observe
    case optional
    case presentation
    case collection
  }

  let state: AnyKeyPath
  let action: ObjectIdentifier
  let kind: Kind

  init<Action>(state: AnyKeyPath, action: Action.Type, kind: Kind) {
    self.state = state
    self.action = ObjectIdentifier(action)
    self.kind = kind
  }
}

/// The key of a child scoped to one case of an enum state: the case, and the child's types.
struct CaseScopeKey: Hashable {
  let tag: UInt32
  let state: ObjectIdentifier
  let action: ObjectIdentifier
}

/// The key of the marker that tracks whether the child cached under `scope` is there.
struct PresenceKey: Hashable {
  let scope: AnyHashable
}

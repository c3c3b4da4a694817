/// The live children of one store that are looked up again rather than made anew (connected
/// stores, row collections, optional children), by key, held weakly.
struct ChildCache {
  private struct Entry {
    weak var object: AnyObject?
  }

  private var entries: [AnyHashable: Entry] = [:]
  /// Freed entries are swept when the cache reaches this size, so it stays proportional to the
  /// number of live children.
  private var sweepAt = 8

  func object(for key: AnyHashable) -> AnyObject? {
    entries[key]?.object
  }

  mutating func insert(_ object: AnyObject, for key: AnyHashable) {
    if entries.count >= sweepAt {
      entries = entries.filter { $0.value.object != nil }
      sweepAt = max(8, entries.count * 2)
    }
    entries[key] = Entry(object: object)
  }

  mutating func remove(_ key: AnyHashable) {
    entries[key] = nil
  }

  var count: Int { entries.count }
}

/// The key of a cached scope: the path to the child's state and the type of its actions.
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: ObjectIdentifier

  init<Action>(state: AnyKeyPath, action: Action.Type) {
    self.state = state
    self.action = ObjectIdentifier(action)
  }
}

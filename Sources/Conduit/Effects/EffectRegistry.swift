/// The tasks a root store's effects are running, by cancellation identifier.
///
/// It is touched from the main actor while effects start, from each effect's task when it ends,
/// and from the store's `deinit`, which may run on any thread; hence the lock.
final class EffectRegistry: Sendable {
  private struct Entry {
    var ids: [EffectID]
    var task: Task<Void, Never>?
    var isCancelled = false
  }

  private struct State {
    var nextToken = 0
    var entries: [Int: Entry] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    var isClosed = false
  }

  private let state = Locked(State())

  /// Reserves a slot for a task about to start under `ids`; pass the token to ``attach(_:to:)``
  /// once the task exists and to ``finish(_:)`` when it ends.
  func reserve(ids: [EffectID]) -> Int {
    state.withLock { state in
      let token = state.nextToken
      state.nextToken += 1
      state.entries[token] = Entry(ids: ids)
      for id in ids { state.tokensByID[id, default: []].insert(token) }
      return token
    }
  }

  /// Records the task for a reserved slot; cancels it at once if its identifier was cancelled
  /// or the store was freed in the meantime.
  func attach(_ task: Task<Void, Never>, to token: Int) {
    let cancel = state.withLock { state -> Bool in
      // Already finished: nothing to track.
      guard state.entries[token] != nil else { return false }
      state.entries[token]?.task = task
      return state.isClosed || state.entries[token]!.isCancelled
    }
    if cancel { task.cancel() }
  }

  func finish(_ token: Int) {
    state.withLock { state in
      guard let entry = state.entries.removeValue(forKey: token) else { return }
      for id in entry.ids {
        state.tokensByID[id]?.remove(token)
        if state.tokensByID[id]?.isEmpty == true { state.tokensByID[id] = nil }
      }
    }
  }

  /// Cancels every task running under `id`.
  func cancel(id: EffectID) {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      guard let tokens = state.tokensByID[id] else { return [] }
      return tokens.compactMap { token in
        state.entries[token]?.isCancelled = true
        return state.entries[token]?.task
      }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every task running under an identifier that matches `predicate`.
  func cancel(where predicate: (EffectID) -> Bool) {
    let ids = state.withLock { $0.tokensByID.keys.filter(predicate) }
    for id in ids { cancel(id: id) }
  }

  /// Cancels every task, now and as later ones attach: the store is gone.
  func cancelAll() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.isClosed = true
      return state.entries.values.compactMap(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// How many effects are running, for tests.
  var count: Int {
    state.withLock { $0.entries.count }
  }
}

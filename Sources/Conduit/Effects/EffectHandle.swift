/// The tasks started on behalf of one send, shared by every copy of its ``StoreTask``.
///
/// A send made while the store is busy returns its task before it runs, so the handle is filled
/// in later, always synchronously on the main actor before the outermost send returns.
@usableFromInline
final class EffectHandle: Sendable {
  private struct State {
    var tasks: [Task<Void, Never>] = []
    var isCancelled = false
    var hasRun = false
  }

  private let state = Locked(State())

  @usableFromInline
  init() {}

  /// Adds a task started for this send, cancelling it at once if the send was cancelled.
  func add(_ task: Task<Void, Never>) {
    let cancelled = state.withLock {
      $0.tasks.append(task)
      return $0.isCancelled
    }
    if cancelled { task.cancel() }
  }

  /// Records that the send has been reduced and all of its effects started.
  @usableFromInline
  func markRun() {
    state.withLock { $0.hasRun = true }
  }

  var isCancelled: Bool {
    // With no task at all there is nothing left to run, which counts as cancelled too.
    state.withLock { $0.isCancelled || ($0.hasRun && $0.tasks.allSatisfy(\.isCancelled)) }
  }

  func cancel() {
    let tasks = state.withLock {
      $0.isCancelled = true
      return $0.tasks
    }
    for task in tasks { task.cancel() }
  }

  func finish() async {
    // Sends are processed synchronously on the main actor, so once this hop lands the send has
    // been reduced and every task it starts has been added.
    await MainActor.run {}
    for task in state.withLock({ $0.tasks }) {
      await task.value
    }
  }
}

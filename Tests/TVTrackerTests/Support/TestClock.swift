import Foundation

/// A clock that moves only when a test advances it.
///
/// Written here until the `ConduitTesting` clock lands; its surface (`advance(by:)`,
/// `sleeperCount`) is kept small so swapping it is a rename. `waitForSleepers(_:)` is what makes
/// the tests deterministic without sleeping: an effect starts on another task, so a test waits
/// until the effect has begun its sleep before it moves time.
final class TestClock: Clock, @unchecked Sendable {
  // @unchecked: every stored property below is read and written only while `lock` is held.

  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Self {
      Instant(offset: offset + duration)
    }

    func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var cancelledBeforeSleeping: Set<Int> = []
  private var nextID = 0
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  var now: Instant { lock.withLock { current } }
  var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for time to pass.
  var sleeperCount: Int { lock.withLock { sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready: [CheckedContinuation<Void, Never>]
        let outcome: Result<Void, any Error>?
        lock.lock()
        if cancelledBeforeSleeping.remove(id) != nil {
          outcome = .failure(CancellationError())
          ready = []
        } else if deadline <= current {
          outcome = .success(())
          ready = []
        } else {
          outcome = nil
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          ready = takeReadyWaiters()
        }
        lock.unlock()
        if let outcome { continuation.resume(with: outcome) }
        for waiter in ready { waiter.resume() }
      }
    } onCancel: {
      let sleeper = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
          cancelledBeforeSleeping.insert(id)
          return nil
        }
        return sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, waking the sleeps whose deadline it reaches.
  func advance(by duration: Duration) {
    let woken = lock.withLock {
      current = current.advanced(by: duration)
      let woken = sleepers.filter { $0.deadline <= current }
      sleepers.removeAll { $0.deadline <= current }
      return woken
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Returns once at least `count` sleeps are waiting.
  func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = lock.withLock {
        if sleepers.count >= count { return true }
        waiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }

  /// Removes and returns the waiters satisfied now; called with the lock held.
  private func takeReadyWaiters() -> [CheckedContinuation<Void, Never>] {
    let ready = waiters.filter { sleepers.count >= $0.count }.map(\.continuation)
    waiters.removeAll { sleepers.count >= $0.count }
    return ready
  }
}

/// The part of a test store that the closures it hands to its ``EffectExecutor`` share with it:
/// which action is starting effects, the effects that start, and the waits for deliveries.
///
/// It is a separate object because the executor, and so its closures, exist before the store
/// does.
@MainActor
final class TestStoreContext {
  /// Names the action whose effects are being started, for the effects' descriptions.
  var origin = ""
  private var started: [EffectActivity] = []
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func didStart(_ activity: EffectActivity) {
    started.append(activity)
  }

  /// The activities started since the last call.
  func takeStarted() -> [EffectActivity] {
    defer { started = [] }
    return started
  }

  /// Waits until `isDone` holds, checking it again after every ``wake()``, or until
  /// `deadline` has passed; returns whether `isDone` holds.
  ///
  /// Real time only bounds a wait that is failing: a passing wait ends as soon as `isDone`
  /// holds. The timer's firing itself says the time is up, rather than a reading of the clock,
  /// so a timer that fires a hair early cannot leave the wait with nothing left to wake it.
  func wait(until deadline: ContinuousClock.Instant, for isDone: () -> Bool) async -> Bool {
    if isDone() { return true }
    let expiry = Expiry()
    let timer = Task { [weak self] in
      guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
      expiry.hasPassed = true
      self?.wake()
    }
    defer { timer.cancel() }
    while !isDone() {
      if expiry.hasPassed { return false }
      await withCheckedContinuation { waiters.append($0) }
    }
    return true
  }

  /// Resumes every wait, to check its condition again: something it may be waiting for has
  /// happened.
  func wake() {
    let waiters = self.waiters
    self.waiters = []
    for waiter in waiters { waiter.resume() }
  }
}

/// Whether a wait's deadline has passed, as its timer says.
@MainActor
private final class Expiry {
  var hasPassed = false
}

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

  /// Suspends until the next ``wake()``.
  func wait() async {
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Resumes every ``wait()``: something a waiter may be waiting for has happened.
  func wake() {
    let waiters = self.waiters
    self.waiters = []
    for waiter in waiters { waiter.resume() }
  }
}

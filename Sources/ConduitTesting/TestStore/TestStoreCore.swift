@_spi(Testing) import Conduit

/// An action of the ``Store`` inside a test store: one the test sent, one an effect sent back,
/// or the test store's own request to cancel every effect.
enum TestAction<Action> {
  case sent(Action)
  case received(Action)
  case cancelEffects
}

/// An action an effect sent, with the state right after the store reduced it: what
/// ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)`` asserts against.
struct Received<State, Action> {
  let action: Action
  let state: State
  /// The effect that sent it; nil for an ``Effect/send(_:)`` of an action the test sent.
  let sender: EffectActivity?
  /// The effects its reduction started.
  let started: [EffectActivity]
}

/// What the store's reducer writes as actions arrive, and what a test store's `deinit` reads
/// from whatever thread frees it; hence kept under a lock.
struct Ledger<State, Action> {
  /// The actions effects sent, in the order they were reduced, not yet asserted or skipped.
  var received: [Received<State, Action>] = []
  /// The effects started and not yet known to have finished.
  var activities: [EffectActivity] = []
  /// The serial numbers of the sends whose effects (with those of the actions they sent back)
  /// are still running.
  var inFlight: Set<Int> = []
  var nextSend = 0
  var exhaustivity = Exhaustivity.on
  /// Whether anything happened since the last `finish()`, so that freeing the store checks.
  var needsFinalCheck = false

  /// The effects still expected to do something: alive, and part of a send still in flight.
  /// (The later part of a concatenation that was cancelled before it began never begins;
  /// once its send's task has finished, it is known not to.)
  var running: [EffectActivity] {
    activities.filter { $0.isAlive && inFlight.contains($0.chain) }
  }
}

/// A runtime warning a test store's actions raised: what went wrong, and where it says.
struct RuntimeWarning: Sendable {
  var message: String
  var fileID: String
  var line: UInt
}

/// The cancellation identifier every effect of one test store carries, so that the test store
/// can cancel them all through its store.
struct TestStoreEffects: Hashable, Sendable {
  let id: ObjectIdentifier
}

/// The part of a test store that its store's reducer shares with it: the ledger, which action
/// is starting effects, and the waits for deliveries.
///
/// It is a separate object because the reducer, and so the store, exist before the test store
/// does, and because the reducer must not hold the test store (the test store's `deinit` is
/// what reports what was left unasserted). Everything in it is under a lock: the reducer runs
/// on the main actor, but is not isolated to it in the type system.
final class TestStoreCore<State, Action>: Sendable {
  /// What the reducer keeps between one action and the test store's next look.
  private struct Scratch {
    /// Names the action being sent, for the descriptions of the effects it starts.
    var origin = ""
    /// The serial number of the send in progress, which the effects it starts belong to.
    var chain = 0
    /// The state right after the action being sent, before what its effects send back.
    var sentState: State?
    /// Effects started since the last ``takeStarted()``.
    var started: [EffectActivity] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  let ledger = Locked(Ledger<State, Action>())
  /// Runtime warnings raised since they were last reported, each with the line of the test
  /// store call whose action (or whose effects' actions) raised it. Apart from the ledger,
  /// which is generic, because the warning handler is `@Sendable` and captures it.
  let warnings = Locked<[(warning: RuntimeWarning, site: CallSite)]>([])
  private let scratch = Locked(Scratch())

  var effectsID: TestStoreEffects { TestStoreEffects(id: ObjectIdentifier(self)) }

  /// Names the send about to run, for the descriptions of the effects it starts, and its
  /// serial number, which they belong to.
  func willSend(_ origin: String, chain: Int) {
    scratch.withLock { scratch in
      scratch.origin = origin
      scratch.chain = chain
    }
  }

  /// Reduces one action as the app's store would, recording what the test store asserts.
  func reduce<Base: Reducer>(
    _ base: Base, into state: inout State, action: TestAction<Action>
  ) -> Effect<TestAction<Action>> where Base.State == State, Base.Action == Action {
    ledger.withLock { $0.needsFinalCheck = true }
    switch action {
    case .cancelEffects:
      return .cancel(id: effectsID)
    case .sent(let action):
      let effect = base.reduce(into: &state, action: action)
      let (origin, chain) = scratch.withLock { scratch in
        scratch.sentState = state
        return (scratch.origin, scratch.chain)
      }
      return instrument(effect, origin: origin, chain: chain, sender: nil).effect
    case .received(let action):
      let sender = EffectActivity.current
      sender?.didSend()
      let effect = base.reduce(into: &state, action: action)
      var origin = StateDiff.describe(action)
      if let sender { origin += " (sent by the effect at \(sender.site))" }
      let chain = sender?.chain ?? scratch.withLock { $0.chain }
      let (instrumented, started) = instrument(
        effect, origin: origin, chain: chain, sender: sender)
      let received = Received(action: action, state: state, sender: sender, started: started)
      ledger.withLock { $0.received.append(received) }
      wake()
      return instrumented
    }
  }

  /// The effect, tracked and cancellable by the test store, sending received actions.
  private func instrument(
    _ effect: Effect<Action>, origin: String, chain: Int, sender: EffectActivity?
  ) -> (effect: Effect<TestAction<Action>>, started: [EffectActivity]) {
    var started: [EffectActivity] = []
    let tracked = effect.instrumented { run in
      let activity = EffectActivity(
        startsLater: run.startsLater, site: "\(run.fileID):\(run.line)", origin: origin,
        chain: chain)
      started.append(activity)
      return { work in try await activity.run(work) }
    }
    if !started.isEmpty {
      ledger.withLock { ledger in
        ledger.activities.removeAll { $0.phase == .finished }
        ledger.activities += started
      }
      scratch.withLock { $0.started += started }
      for activity in started { sender?.didSpawn(activity) }
    }
    return (tracked.map { .received($0) }.cancellable(id: effectsID), started)
  }

  /// The state right after the action just sent.
  func takeSentState() -> State? {
    scratch.withLock { scratch in
      defer { scratch.sentState = nil }
      return scratch.sentState
    }
  }

  /// The effects started since the last call.
  func takeStarted() -> [EffectActivity] {
    scratch.withLock { scratch in
      defer { scratch.started = [] }
      return scratch.started
    }
  }

  /// Waits until `isDone` holds, checking it again after every ``wake()``, or until
  /// `deadline` has passed; returns whether `isDone` holds.
  ///
  /// Real time only bounds a wait that is failing: a passing wait ends as soon as `isDone`
  /// holds. The deadline holds whatever arrives in the meantime, however often. The timer's
  /// firing itself says the time is up, rather than a reading of the clock, so a timer that
  /// fires a hair early cannot leave the wait with nothing left to wake it.
  @MainActor
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
      await withCheckedContinuation { waiter in scratch.withLock { $0.waiters.append(waiter) } }
    }
    return true
  }

  /// Resumes every wait, to check its condition again: something it may be waiting for has
  /// happened.
  func wake() {
    let waiters = scratch.withLock { scratch in
      defer { scratch.waiters = [] }
      return scratch.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Runs the reducer under test inside a test store's ``Store``, through its core.
struct TestReducer<Base: Reducer>: Reducer {
  let base: Base
  let core: TestStoreCore<Base.State, Base.Action>

  func reduce(
    into state: inout Base.State, action: TestAction<Base.Action>
  ) -> Effect<TestAction<Base.Action>> {
    core.reduce(base, into: &state, action: action)
  }
}

/// Whether a wait's deadline has passed, as its timer says.
@MainActor
private final class Expiry {
  var hasPassed = false
}

@_spi(Testing) import Conduit

/// A store for tests that makes a test assert everything a feature does: each state change,
/// each action its effects send back, and the end of each effect.
///
/// Build it like a ``Store``, with test doubles for the reducer's dependencies, then send
/// actions and say how the state changes; receive the actions effects send; finish:
///
/// ```swift
/// @MainActor @Test func searchShowsResults() async {
///   let clock = TestClock()
///   let store = TestStore(
///     initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
///
///   await store.send(.queryChanged("break")) { $0.query = "break" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking Bad"] }
///   await store.finish()
/// }
/// ```
///
/// The store runs the reducer itself, on its own copy of the state. After each
/// ``send(_:assert:fileID:filePath:line:column:)`` it checks that the new state equals the old
/// state changed by the `assert` closure; on a mismatch it records a failure at the line of the
/// call, listing only the fields that differ:
///
/// ```
/// State after receive(.resultsLoaded(["Breaking"])) differs from the expected state:
///   results[0]: expected "Breaking Bad", got "Breaking"
/// ```
///
/// Actions that effects send wait in a queue until
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` takes them in order, reduces them
/// and checks the state the same way.
/// Failures go to the framework that runs the test: Swift Testing's `Issue.record`, or
/// XCTest's `XCTFail`.
///
/// By default the store is exhaustive (see ``Exhaustivity``): sending while received actions
/// wait is a failure, and so is ending the test (with
/// ``finish(timeout:fileID:filePath:line:column:)``, or by freeing the store) with actions
/// received but not asserted or effects still running. Set ``exhaustivity`` to
/// ``Exhaustivity/off`` to assert only what a test is about.
///
/// `State` must be `Equatable`: comparing states is what a test store does, so a state that
/// cannot be compared is refused by the compiler rather than at run time.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// An action an effect delivered, with the effect that sent it.
  private struct Received {
    let action: Action
    let sender: EffectActivity?
  }

  /// What effects write from their tasks and `deinit` reads from whatever thread frees the
  /// store, hence under a lock.
  private struct Ledger {
    var received: [Received] = []
    var activities: [EffectActivity] = []
    var exhaustivity = Exhaustivity.on
    /// Whether anything happened since the last `finish()`, so that freeing the store checks.
    var needsFinalCheck = false
  }

  /// The current state: the initial state changed by every action sent or received so far.
  ///
  /// Read it for assertions the `assert` closures do not cover, such as after
  /// ``finish(timeout:fileID:filePath:line:column:)`` with ``Exhaustivity/off``.
  public private(set) var state: State

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait, in real time, before they fail;
  /// one second unless set.
  ///
  /// The wait ends as soon as what it waits for happens, so a passing test never waits this
  /// long; it bounds how long a failing one takes.
  public var timeout: Duration = .seconds(1)

  /// How much of the feature's behaviour the test must assert; ``Exhaustivity/on`` unless set.
  public var exhaustivity: Exhaustivity {
    get { ledger.withLock { $0.exhaustivity } }
    set { ledger.withLock { $0.exhaustivity = newValue } }
  }

  private let reduce: (inout State, Action) -> Effect<Action>
  private let ledger: Locked<Ledger>
  private let context: TestStoreContext
  private let executor: EffectExecutor<Action>
  private let creation: CallSite
  private let framework: TestFramework

  /// Creates a test store with an initial state and the reducer under test.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - reducer: The reducer under test, built with test doubles for its dependencies.
  ///   - fileID: The file of the call, where failures found when the store is freed show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    let ledger = Locked(Ledger())
    let context = TestStoreContext()
    self.state = initialState
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
    self.ledger = ledger
    self.context = context
    self.creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.framework = .current
    self.executor = EffectExecutor(
      deliver: { action in
        // Runs in the task of the effect that sends, so the task local names the sender.
        let sender = EffectActivity.current
        sender?.didSend()
        ledger.withLock { $0.received.append(Received(action: action, sender: sender)) }
        context.wake()
      },
      instrument: { run in
        let activity = EffectActivity(
          startsLater: run.startsLater,
          description: "the effect at \(run.fileID):\(run.line), started by \(context.origin)")
        context.didStart(activity)
        ledger.withLock { $0.activities.append(activity) }
        return { work in try await activity.run(work) }
      })
  }

  deinit {
    let leftovers = ledger.withLock { ledger -> (received: [Action], running: [String])? in
      guard ledger.needsFinalCheck, ledger.exhaustivity == .on else { return nil }
      return (
        ledger.received.map(\.action),
        ledger.activities.filter(\.isAlive).map(\.description)
      )
    }
    executor.cancelAll()
    guard let leftovers else { return }
    let messages = Self.leftoverMessages(
      received: leftovers.received, running: leftovers.running,
      runningWhen: "when the test store was freed")
    for message in messages { recordFailure(message, at: creation, fallback: framework) }
  }

  /// Sends an action, and checks that it changes the state as `assert` says.
  ///
  /// The reducer runs at once and its effects start. Then the new state must equal the state
  /// before the action, changed by `assert`; with no closure, the state must not change.
  /// Before returning, the store lets the effects the action started run as far as they can
  /// without the test: until they sleep on a ``TestClock``, end, or wait for something else.
  ///
  /// ```swift
  /// await store.send(.queryChanged("break")) { $0.query = "break" }
  /// ```
  ///
  /// When exhaustive, sending while received actions wait to be asserted is a failure; the
  /// waiting actions are reduced first either way.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateExpectedState: Changes the state from before the action into the state
  ///     expected after it.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  /// - Returns: A task for the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = "send(\(StateDiff.describe(action)))"
    let waiting = ledger.withLock { ledger in
      defer { ledger.received = [] }
      return ledger.received
    }
    if !waiting.isEmpty {
      if exhaustivity == .on {
        fail(
          "Must receive \(counted(waiting.count, "action")) before \(name):"
            + waiting.map { "\n  " + StateDiff.describe($0.action) }.joined(),
          at: site)
      }
      for received in waiting {
        let (_, started) = reduceAndStart(
          received.action, origin: "receive(\(StateDiff.describe(received.action)))")
        await EffectActivity.settle(started)
      }
    }
    let before = state
    let (task, started) = reduceAndStart(action, origin: "\(name) at \(site)")
    checkState(before: before, expecting: updateExpectedState, after: name, at: site)
    await EffectActivity.settle(started)
    return task
  }

  /// Receives the next action an effect sent, which must equal `expected`, and checks that it
  /// changes the state as `assert` says.
  ///
  /// Waits for the action, up to `timeout`, when none has arrived yet; it fails at once when
  /// no effect is left to send one. A different action is a failure naming it (and is reduced
  /// anyway, so the state stays true); with ``Exhaustivity/off``, actions before the expected
  /// one are reduced and skipped.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(300))
  /// await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking Bad"] }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action expected next.
  ///   - timeout: How long to wait in real time; the store's ``timeout`` when nil.
  ///   - updateExpectedState: Changes the state from before the action into the state
  ///     expected after it.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receiveAction(
      matching: { $0 == expected }, expecting: StateDiff.describe(expected), timeout: timeout,
      assert: updateExpectedState,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action an effect sent, which must satisfy `predicate`, and checks
  /// that it changes the state as `assert` says.
  ///
  /// For actions that are not `Equatable`, or when only their case matters:
  ///
  /// ```swift
  /// await store.receive(where: { if case .resultsLoaded = $0 { true } else { false } }) {
  ///   $0.results = ["Breaking Bad"]
  /// }
  /// ```
  ///
  /// It waits and fails as ``receive(_:timeout:assert:fileID:filePath:line:column:)`` does.
  ///
  /// - Parameters:
  ///   - predicate: Returns `true` for the action expected next.
  ///   - timeout: How long to wait in real time; the store's ``timeout`` when nil.
  ///   - updateExpectedState: Changes the state from before the action into the state
  ///     expected after it.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func receive(
    where predicate: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: predicate, expecting: "an action matching the predicate", timeout: timeout,
      assert: updateExpectedState,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the effects to end, then checks that nothing is left to assert.
  ///
  /// Call it at the end of a test. When exhaustive, received actions that were not asserted
  /// and effects still running after `timeout` are failures, each named; with
  /// ``Exhaustivity/off`` the actions that arrive are reduced into ``state`` instead. Either
  /// way, effects still running are then cancelled.
  ///
  /// Without it, the same checks run when the store is freed, but without waiting, and the
  /// failures show at the line that created the store.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for effects in real time; the store's ``timeout`` when nil.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: limit)
    while true {
      if exhaustivity == .off {
        while let received = popReceived() {
          let (_, started) = reduceAndStart(
            received.action, origin: "receive(\(StateDiff.describe(received.action)))")
          await EffectActivity.settle(started)
        }
      }
      let isQuiet = { self.executor.runningCount == 0 }
      let hasSkippable = { self.exhaustivity == .off && self.hasReceived }
      if isQuiet() && !hasSkippable() { break }
      guard await waitUntil(deadline, { isQuiet() || hasSkippable() }) else { break }
    }
    let leftovers = ledger.withLock { ledger in
      defer {
        ledger.received = []
        ledger.needsFinalCheck = false
      }
      return (ledger.received.map(\.action), ledger.activities.filter(\.isAlive))
    }
    executor.cancelAll()
    guard exhaustivity == .on else { return }
    let messages = Self.leftoverMessages(
      received: leftovers.0, running: leftovers.1.map(\.description),
      runningWhen: "after \(describe(limit))")
    for message in messages { fail(message, at: site) }
  }

  // MARK: - Running actions

  /// Reduces an action into ``state`` and starts its effects, tagged with `origin`.
  private func reduceAndStart(
    _ action: Action, origin: String
  ) -> (task: StoreTask, started: [EffectActivity]) {
    let effect = reduce(&state, action)
    ledger.withLock { ledger in
      ledger.needsFinalCheck = true
      ledger.activities.removeAll { $0.phase == .finished }
    }
    context.origin = origin
    let task = executor.start(effect)
    let started = context.takeStarted()
    if !task.isCancelled {
      // Waiters re-check the running effects when this action's effects end.
      let context = self.context
      Task {
        await task.finish()
        context.wake()
      }
    }
    return (task, started)
  }

  private func receiveAction(
    matching isMatch: (Action) -> Bool,
    expecting expectation: String,
    timeout: Duration?,
    assert updateExpectedState: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: limit)
    var skipped: [String] = []
    while true {
      _ = await waitUntil(deadline) { self.hasReceived || self.executor.runningCount == 0 }
      guard let received = popReceived() else {
        fail(noActionMessage(expecting: expectation, limit: limit, skipped: skipped), at: site)
        return
      }
      let description = StateDiff.describe(received.action)
      let name = "receive(\(description))"
      let matches = isMatch(received.action)
      if !matches && exhaustivity == .on {
        fail("Expected to receive \(expectation), but received \(description).", at: site)
      }
      let before = state
      let (_, started) = reduceAndStart(received.action, origin: "\(name) at \(site)")
      if matches {
        checkState(before: before, expecting: updateExpectedState, after: name, at: site)
      }
      // The sender, too, goes as far as it can, so what it does next happens before the test
      // goes on.
      await EffectActivity.settle(started + [received.sender].compactMap { $0 })
      if matches || exhaustivity == .on { return }
      skipped.append(description)
    }
  }

  private var hasReceived: Bool {
    ledger.withLock { !$0.received.isEmpty }
  }

  private func popReceived() -> Received? {
    ledger.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
  }

  /// Waits until `isDone`, re-checked whenever an action arrives or effects end, or until
  /// `deadline`; returns whether `isDone` holds.
  private func waitUntil(
    _ deadline: ContinuousClock.Instant, _ isDone: () -> Bool
  ) async -> Bool {
    await context.wait(until: deadline, for: isDone)
  }

  // MARK: - Checking

  private func checkState(
    before: State,
    expecting updateExpectedState: ((inout State) throws -> Void)?,
    after name: String,
    at site: CallSite
  ) {
    var expected = before
    do {
      try updateExpectedState?(&expected)
    } catch {
      fail("The assert closure of \(name) threw \(error).", at: site)
      return
    }
    let changes: [StateDiff.Change]
    switch exhaustivity {
    case .on:
      guard expected != state else { return }
      changes = StateDiff(from: expected, to: state).changes
    case .off:
      guard let updateExpectedState else { return }
      var expectedFromNew = state
      guard (try? updateExpectedState(&expectedFromNew)) != nil else { return }
      changes = Self.partialMismatches(
        before: before, expected: expected, expectedFromNew: expectedFromNew, new: state)
      guard !changes.isEmpty else { return }
    }
    let lines = StateDiff(changes: changes).lines(.expectedActual)
    fail(
      "State after \(name) differs from the expected state:"
        + lines.map { "\n  " + $0 }.joined(),
      at: site)
  }

  /// The mismatches a non-exhaustive assertion is about: the fields the closure changed that
  /// did not change that way, and the fields it set to their old value that no longer have it.
  private nonisolated static func partialMismatches(
    before: State, expected: State, expectedFromNew: State, new: State
  ) -> [StateDiff.Change] {
    let touched = StateDiff(from: before, to: expected).changes.filter { !$0.isSummary }
    func isTouched(_ change: StateDiff.Change) -> Bool {
      touched.contains { $0.path.overlaps(change.path) }
    }
    let wrong = StateDiff(from: expected, to: new).changes.filter {
      !$0.isSummary && isTouched($0)
    }
    let stale = StateDiff(from: expectedFromNew, to: new).changes.filter {
      !$0.isSummary && !isTouched($0)
    }
    return wrong + stale
  }

  // MARK: - Messages

  private func noActionMessage(
    expecting expectation: String, limit: Duration, skipped: [String]
  ) -> String {
    let running = ledger.withLock { $0.activities.filter(\.isAlive).map(\.description) }
    var message = "Expected to receive \(expectation), but "
    if executor.runningCount == 0 {
      message += "no action arrived and no effect is running."
    } else {
      message += "no action arrived within \(describe(limit))."
      if !running.isEmpty {
        message += " Still running:" + running.map { "\n  " + $0 }.joined()
      }
    }
    if !skipped.isEmpty {
      message += "\nSkipped: " + skipped.joined(separator: ", ")
    }
    return message
  }

  private nonisolated static func leftoverMessages(
    received: [Action], running: [String], runningWhen: String
  ) -> [String] {
    var messages: [String] = []
    if !received.isEmpty {
      messages.append(
        "\(counted(received.count, "received action")) not asserted:"
          + received.map { "\n  " + StateDiff.describe($0) }.joined())
    }
    if !running.isEmpty {
      messages.append(
        "\(counted(running.count, "effect")) still running \(runningWhen):"
          + running.map { "\n  " + $0 }.joined())
    }
    return messages
  }

  private func fail(_ message: String, at site: CallSite) {
    recordFailure(message, at: site, fallback: framework)
  }
}

@_spi(Testing) import Conduit

/// A store for tests that makes a test assert everything a feature does: each state change,
/// each action its effects send back, and the end of each effect.
///
/// Build it like a `Store`, with test doubles for the reducer's dependencies, then send
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
/// The reducer runs in a real `Store`, exactly as in the app: the actions effects send are
/// reduced as they arrive, in order, on the main actor, so a reducer that cancels its own
/// effect stops it at once. The test store records each of those actions with the state it
/// produced, and ``receive(_:timeout:assert:fileID:filePath:line:column:)`` asserts against
/// that record, in order. After each ``send(_:assert:fileID:filePath:line:column:)`` or
/// receive, the state must equal the state before it changed by the `assert` closure; on a
/// mismatch the test store records a failure at the line of the call, naming only the fields
/// that differ:
///
/// ```
/// State after receive(.resultsLoaded(["Breaking Bad"])) differs from the expected state:
///   results[0]: expected "Breaking", got "Breaking Bad"
/// ```
///
/// Failures go to the framework that runs the test: Swift Testing's `Issue.record`, or
/// XCTest's `XCTFail`. Every wait has a deadline, ``timeout``, that holds whatever the effects
/// keep sending; a wait that fails names the effects still in flight, with their file and
/// line, and says when one is asleep on a ``TestClock`` that the test has not advanced.
/// Runtime warnings raised while the test store runs (an action for a child that is not there,
/// an effect's error nobody handled) are failures too, at the line of the call that sent the
/// action.
///
/// By default the store is exhaustive (see ``Exhaustivity``): sending while received actions
/// wait is a failure, and so is ending the test (with
/// ``finish(timeout:fileID:filePath:line:column:)``, or by freeing the store) with actions
/// received but not asserted or effects still running. Set ``exhaustivity`` to
/// ``Exhaustivity/off``, or use ``withExhaustivity(_:operation:)-5iiz8`` for a block, to assert
/// only what a test is about.
///
/// `State` must be `Equatable`: comparing states is what a test store does, so a state that
/// cannot be compared is refused by the compiler rather than at run time.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as of the last action the test asserted (or skipped): the initial state changed
  /// by every action sent, and by every action received up to the last one a
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)`` took.
  ///
  /// Read it for assertions the `assert` closures do not cover, such as after
  /// ``finish(timeout:fileID:filePath:line:column:)`` with ``Exhaustivity/off``. Actions that
  /// effects sent and no receive took yet have changed the feature's state already, but not
  /// this one.
  public internal(set) var state: State

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait, in real time, before they fail;
  /// one second unless set.
  ///
  /// The wait ends as soon as what it waits for happens, so a passing test never waits this
  /// long; it bounds how long a failing one takes, however many actions effects keep sending.
  public var timeout: Duration = .seconds(1)

  /// How much of the feature's behaviour the test must assert; ``Exhaustivity/on`` unless set.
  public var exhaustivity: Exhaustivity {
    get { ledger.withLock { $0.exhaustivity } }
    set { ledger.withLock { $0.exhaustivity = newValue } }
  }

  let store: Store<State, TestAction<Action>>
  let core: TestStoreCore<State, Action>
  /// The core's ledger and warnings, kept here too for `deinit`, which may not touch the
  /// main-actor core.
  let ledger: Locked<Ledger<State, Action>>
  private let warnings: Locked<[(warning: RuntimeWarning, site: CallSite)]>
  let creation: CallSite
  let framework: TestFramework

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
    let core = TestStoreCore<State, Action>()
    self.state = initialState
    self.core = core
    self.ledger = core.ledger
    self.warnings = core.warnings
    self.store = Store(initialState: initialState, reducer: TestReducer(base: reducer, core: core))
    self.creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.framework = .current
  }

  deinit {
    let framework = self.framework
    let leftovers = ledger.withLock { ledger in
      ledger.needsFinalCheck && ledger.exhaustivity == .on
        ? Self.leftoverMessages(
          received: ledger.received.map(\.action), running: Self.runningDescriptions(ledger),
          runningWhen: "when the test store was freed")
        : []
    }
    let warnings = self.warnings.withLock { warnings in
      defer { warnings = [] }
      return warnings
    }
    for (warning, site) in warnings {
      recordFailure(Self.message(for: warning), at: site, fallback: framework)
    }
    for message in leftovers { recordFailure(message, at: creation, fallback: framework) }
    // Freeing `store` next cancels the effects still running.
  }

  /// Sends an action, and checks that it changes the state as `assert` says.
  ///
  /// The reducer runs at once and its effects start. Then the state right after the action
  /// must equal the state before it, changed by `assert`; with no closure, the state must not
  /// change. Before returning, the store lets the effects the action started run as far as
  /// they can without the test: until they sleep on a ``TestClock``, end, or wait for
  /// something else. The actions they send on the way are reduced as they arrive and wait to
  /// be received.
  ///
  /// ```swift
  /// await store.send(.queryChanged("break")) { $0.query = "break" }
  /// ```
  ///
  /// When exhaustive, sending while received actions wait to be asserted is a failure; either
  /// way the state moves past them first.
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
    reportWarnings()
    let description = StateDiff.describe(action)
    let name = "send(\(description))"
    let waiting = takeReceived()
    if !waiting.isEmpty {
      switch exhaustivity {
      case .on:
        fail(
          "Must receive \(counted(waiting.count, "action")) before \(name):"
            + listed(waiting.map { StateDiff.describe($0.action) }),
          at: site)
      case .off(let showSkipped):
        if showSkipped { skip(waiting.map(\.action), at: site) }
      }
    }
    let before = state
    let task = run(.sent(action), origin: "\(name) at \(site)", at: site)
    let started = core.takeStarted()
    // The reducer always runs synchronously for a send made while the store is idle.
    state = core.takeSentState() ?? state
    checkState(before: before, expecting: updateExpectedState, after: name, at: site)
    await EffectActivity.settle(started, until: .now.advanced(by: timeout))
    reportWarnings()
    return task
  }

  /// Receives the next action an effect sent, which must equal `expected`, and checks that it
  /// changes the state as `assert` says.
  ///
  /// The action was reduced when it arrived; the state it is checked against is the one right
  /// after it. Waits for the action, up to `timeout`, when none has arrived yet; it fails at
  /// once when no effect is left to send one. A different action is a failure naming it.
  /// With ``Exhaustivity/off``, the actions before the expected one are skipped, and the wait
  /// fails after `timeout` however many of them keep arriving.
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
  /// ``Exhaustivity/off`` the state moves past the actions that arrived instead. Either way,
  /// effects still running are then cancelled.
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
    reportWarnings()
    let limit = timeout ?? self.timeout
    _ = await core.wait(until: .now.advanced(by: limit)) { !isInFlight }
    let running = runningDescriptions
    let received = takeReceived()
    switch exhaustivity {
    case .on:
      let messages = Self.leftoverMessages(
        received: received.map(\.action), running: running,
        runningWhen: "after \(describe(limit))")
      for message in messages { fail(message, at: site) }
    case .off(let showSkipped):
      if showSkipped {
        skip(received.map(\.action), at: site)
        if !running.isEmpty {
          recordSkipped(
            "\(counted(running.count, "effect")) still running, cancelled:" + listed(running),
            at: site, fallback: framework)
        }
      }
    }
    cancelEffects(at: site)
    ledger.withLock { $0.needsFinalCheck = false }
    reportWarnings()
  }

  // MARK: - Running actions

  /// Sends an action to the store with runtime warnings routed to failures at `site`, and
  /// counts it as in flight until its effects, and those of the actions they send back, have
  /// ended.
  func run(_ action: TestAction<Action>, origin: String, at site: CallSite) -> StoreTask {
    let serial = ledger.withLock { ledger in
      defer { ledger.nextSend += 1 }
      ledger.inFlight.insert(ledger.nextSend)
      return ledger.nextSend
    }
    core.willSend(origin, chain: serial)
    // Effects that actions arriving since the last send started are not this send's.
    _ = core.takeStarted()
    let warnings = self.warnings
    // The handler is a task local, so the tasks of the effects this send starts inherit it,
    // and so do the actions those effects send back.
    let task = withRuntimeWarningHandler({ message, fileID, line in
      let warning = RuntimeWarning(message: message, fileID: fileID, line: line)
      warnings.withLock { $0.append((warning, site)) }
    }) {
      store.send(action)
    }
    let core = self.core
    Task {
      await task.finish()
      core.ledger.withLock { ledger in
        ledger.inFlight.remove(serial)
        ledger.activities.removeAll { $0.chain == serial || $0.phase == .finished }
      }
      core.wake()
    }
    return task
  }

  /// Whether an effect may still send an action: one is running, or about to, and has not
  /// been cancelled.
  var isInFlight: Bool {
    ledger.withLock { !$0.running.isEmpty }
  }

  /// Cancels every effect still running. Their tasks see the cancellation at once; what they
  /// send from then on is dropped.
  func cancelEffects(at site: CallSite) {
    guard isInFlight else { return }
    _ = run(.cancelEffects, origin: "the test store", at: site)
  }

  /// Takes every received action not yet asserted; the state moves past them.
  func takeReceived() -> [Received<State, Action>] {
    let received = ledger.withLock { ledger in
      defer { ledger.received = [] }
      return ledger.received
    }
    if let last = received.last { state = last.state }
    return received
  }

  private func receiveAction(
    matching isMatch: (Action) -> Bool,
    expecting expectation: String,
    timeout: Duration?,
    assert updateExpectedState: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    reportWarnings()
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: limit)
    var skipped: [Action] = []
    var skippedCount = 0
    let exhaustivity = self.exhaustivity
    /// The next received action: the first when exhaustive, the first match when not, the
    /// others skipped (and the state moved past them) as they arrive.
    func next() -> Received<State, Action>? {
      ledger.withLock { ledger in
        guard exhaustivity == .on else {
          while let first = ledger.received.first, !isMatch(first.action) {
            ledger.received.removeFirst()
            state = first.state
            if skipped.count < maxListedItems { skipped.append(first.action) }
            skippedCount += 1
          }
          return ledger.received.isEmpty ? nil : ledger.received.removeFirst()
        }
        return ledger.received.isEmpty ? nil : ledger.received.removeFirst()
      }
    }
    var received = next()
    if received == nil {
      _ = await core.wait(until: deadline) {
        received = received ?? next()
        return received != nil || !isInFlight
      }
      received = received ?? next()
    }
    if exhaustivity.showsSkippedAssertions && skippedCount > 0 {
      skip(skipped, total: skippedCount, at: site)
    }
    guard let received else {
      fail(
        noActionMessage(
          expecting: expectation, limit: limit,
          skipped: skipped.map { StateDiff.describe($0) }, skippedCount: skippedCount),
        at: site)
      return
    }
    let description = StateDiff.describe(received.action)
    let name = "receive(\(description))"
    let before = state
    state = received.state
    if isMatch(received.action) {
      checkState(before: before, expecting: updateExpectedState, after: name, at: site)
    } else {
      fail("Expected to receive \(expectation), but received \(description).", at: site)
    }
    // The sender, too, goes as far as it can, so what it does next happens before the test
    // goes on.
    await EffectActivity.settle(
      received.started + [received.sender].compactMap { $0 },
      until: .now.advanced(by: self.timeout))
    reportWarnings()
  }

  // MARK: - Checking

  func checkState(
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
    case .off(let showSkipped):
      var expectedFromNew = state
      if let updateExpectedState {
        guard (try? updateExpectedState(&expectedFromNew)) != nil else { return }
      }
      changes = Self.partialMismatches(
        before: before, expected: expected, expectedFromNew: expectedFromNew, new: state)
      if showSkipped && changes.isEmpty {
        reportSkippedChanges(before: before, expected: expected, after: name, at: site)
      }
      guard !changes.isEmpty else { return }
    }
    let lines = StateDiff(changes: changes).lines(.expectedActual)
    fail(
      "State after \(name) differs from the expected state:" + lines.map { "\n  " + $0 }.joined(),
      at: site)
  }

  /// Reports, without failing, the changes that a non-exhaustive assertion left out.
  private func reportSkippedChanges(
    before: State, expected: State, after name: String, at site: CallSite
  ) {
    let touched = StateDiff(from: before, to: expected).changes.map(\.path)
    let unasserted = StateDiff(from: before, to: state).changes.filter { change in
      !touched.contains { $0.overlaps(change.path) }
    }
    guard !unasserted.isEmpty else { return }
    recordSkipped(
      "State changes after \(name) that the test did not assert:"
        + StateDiff(changes: unasserted).lines(.beforeAfter).map { "\n  " + $0 }.joined(),
      at: site, fallback: framework)
  }

  /// The mismatches a non-exhaustive assertion is about: the fields the closure changed that
  /// did not change that way, and the fields it set to their old value that no longer have it.
  private nonisolated static func partialMismatches(
    before: State, expected: State, expectedFromNew: State, new: State
  ) -> [StateDiff.Change] {
    let touched = StateDiff(from: before, to: expected).changes
    func isTouched(_ change: StateDiff.Change) -> Bool {
      touched.contains { $0.path.overlaps(change.path) }
    }
    let wrong = StateDiff(from: expected, to: new).changes.filter(isTouched)
    let stale = StateDiff(from: expectedFromNew, to: new).changes.filter { !isTouched($0) }
    return wrong + stale
  }

  // MARK: - Messages

  /// Reports, without failing, received actions a non-exhaustive test skipped.
  func skip(_ actions: [Action], total: Int? = nil, at site: CallSite) {
    guard !actions.isEmpty else { return }
    let total = total ?? actions.count
    recordSkipped(
      "Skipped \(counted(total, "received action")):"
        + listed(actions.map { StateDiff.describe($0) }, total: total),
      at: site, fallback: framework)
  }

  private func noActionMessage(
    expecting expectation: String, limit: Duration, skipped: [String], skippedCount: Int
  ) -> String {
    let running = runningDescriptions
    var message = "Expected to receive \(expectation), but "
    if !isInFlight {
      message += "no action arrived and no effect is running."
    } else {
      message += "no action arrived within \(describe(limit))."
      if !running.isEmpty {
        message += " Still running:" + listed(running)
      }
    }
    if skippedCount > 0 {
      message +=
        "\nSkipped \(counted(skippedCount, "action")): " + skipped.joined(separator: ", ")
        + (skippedCount > skipped.count ? ", …" : "")
    }
    return message
  }

  /// What is still running, for messages.
  var runningDescriptions: [String] {
    ledger.withLock { Self.runningDescriptions($0) }
  }

  /// What is still running, for messages: the effects alive, with what each is doing.
  nonisolated static func runningDescriptions(_ ledger: Ledger<State, Action>) -> [String] {
    ledger.running.map(\.descriptionWithStatus)
  }

  nonisolated static func leftoverMessages(
    received: [Action], running: [String], runningWhen: String
  ) -> [String] {
    var messages: [String] = []
    if !received.isEmpty {
      messages.append(
        "\(counted(received.count, "received action")) not asserted:"
          + listed(
            received.prefix(maxListedItems).map { StateDiff.describe($0) },
            total: received.count))
    }
    if !running.isEmpty {
      messages.append(
        "\(counted(running.count, "effect")) still running \(runningWhen):" + listed(running))
    }
    return messages
  }

  nonisolated static func message(for warning: RuntimeWarning) -> String {
    "Runtime warning at \(warning.fileID):\(warning.line): \(warning.message)"
  }

  /// Records the runtime warnings raised since the last call, each at the line of the call
  /// whose action raised it.
  func reportWarnings() {
    let warnings = self.warnings.withLock { warnings in
      defer { warnings = [] }
      return warnings
    }
    for (warning, site) in warnings { fail(Self.message(for: warning), at: site) }
  }

  func fail(_ message: String, at site: CallSite) {
    recordFailure(message, at: site, fallback: framework)
  }
}

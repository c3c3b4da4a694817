@_spi(Testing) import Conduit

extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  ///
  /// For one non-exhaustive stretch inside an exhaustive test, or the reverse:
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.login(.submitTapped))
  ///   await store.receive(.login(.delegate(.didLogIn))) { $0.selectedTab = .activity }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity inside `operation`.
  ///   - operation: The part of the test to run with it.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs synchronous `operation` with ``exhaustivity`` set to `exhaustivity`, then restores
  /// it; for a block of ``assert(_:fileID:filePath:line:column:)`` calls.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.assert { $0.isLoading = false }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The exhaustivity inside `operation`.
  ///   - operation: The part of the test to run with it.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> Result
  ) rethrows -> Result {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Checks the state without sending anything: `assert` must describe it.
  ///
  /// With ``Exhaustivity/off`` the closure sees the current state, past every action the
  /// effects have sent so far (which are skipped), and fails on each field it sets to a value
  /// the state does not have. That is how a non-exhaustive test checks where a flow ended:
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// await store.finish()
  /// store.assert { $0.isLoading = false }
  /// ```
  ///
  /// When exhaustive, the closure sees ``state`` (the state as of the last action asserted)
  /// and may only restate it: any change it makes is a failure.
  ///
  /// - Parameters:
  ///   - updateExpectedState: Sets fields of the state to what they are expected to be.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func assert(
    _ updateExpectedState: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    reportWarnings()
    if case .off(let showSkipped) = exhaustivity {
      let skipped = takeReceived()
      if showSkipped { skip(skipped.map(\.action), at: site) }
    }
    var expected = state
    do {
      try updateExpectedState(&expected)
    } catch {
      fail("The assert closure of assert threw \(error).", at: site)
      return
    }
    guard expected != state else { return }
    fail(
      "The state differs from the expected state:"
        + StateDiff(from: expected, to: state).lines(.expectedActual).map { "\n  " + $0 }
        .joined(),
      at: site)
  }

  /// Moves past every action the effects have sent and no receive took, without asserting
  /// them.
  ///
  /// First lets the running effects go as far as they can, as a send does. Works in either
  /// exhaustivity; with ``Exhaustivity/off(showSkippedAssertions:)`` and `true`, the skipped
  /// actions are reported as known issues.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()
  /// store.assert { $0.isLoaded = true }
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether having no received action to skip is a failure.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    reportWarnings()
    await EffectActivity.settle(ledger.withLock { $0.running }, until: .now.advanced(by: timeout))
    let skipped = takeReceived()
    if skipped.isEmpty {
      if strict { fail("There were no received actions to skip.", at: site) }
    } else if exhaustivity.showsSkippedAssertions {
      skip(skipped.map(\.action), at: site)
    }
    reportWarnings()
  }

  /// Cancels every effect still running.
  ///
  /// For effects a test does not mean to follow to their end, such as a timer or a
  /// subscription started by `onAppear`. The actions they already sent stay to be received.
  /// With ``Exhaustivity/off(showSkippedAssertions:)`` and `true`, the cancelled effects are
  /// reported as known issues.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipInFlightEffects()
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether having no effect to cancel is a failure.
  ///   - fileID: The file of the call, where failures show.
  ///   - filePath: The full path of the file of the call.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    reportWarnings()
    let running = runningDescriptions
    guard isInFlight else {
      if strict { fail("There were no in-flight effects to skip.", at: site) }
      return
    }
    if exhaustivity.showsSkippedAssertions {
      recordSkipped(
        "Skipped \(counted(running.count, "effect")) still running, cancelled:" + listed(running),
        at: site, fallback: framework)
    }
    cancelEffects(at: site)
    reportWarnings()
  }
}

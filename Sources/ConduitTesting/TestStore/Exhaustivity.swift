/// How much of a feature's behaviour a ``TestStore`` makes a test assert.
///
/// The names and meanings are the Composable Architecture's: ``on`` by default, ``off`` for a
/// test about one slice of a feature, and ``off(showSkippedAssertions:)`` to see what such a
/// test leaves out without failing it.
///
/// ```swift
/// store.exhaustivity = .off
/// await store.send(.login(.submitTapped))
/// await store.receive(.login(.delegate(.didLogIn))) { $0.selectedTab = .activity }
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every action an effect sends, and the end of every effect must be
  /// asserted; anything left over fails the test.
  ///
  /// ``TestStore/send(_:assert:fileID:filePath:line:column:)`` compares the whole state with
  /// the expected one, sending while received actions wait is a failure, and
  /// ``TestStore/finish(timeout:fileID:filePath:line:column:)`` (or freeing the store) fails
  /// when actions were received but not asserted or effects are still running.
  case on

  /// Only what the test asserts is checked; with `showSkippedAssertions`, what it skipped is
  /// reported too, as known issues that do not fail the test.
  ///
  /// The assert closure of a send or receive checks only the fields it sets: one it changes
  /// must have changed that way, and one it sets to the value it had must still have it. The
  /// closure may run twice, on the old state and on the new.
  /// ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)`` skips the actions
  /// before the one it expects; received actions nobody asserts and effects still running at
  /// the end are not failures, and ``TestStore/finish(timeout:fileID:filePath:line:column:)``
  /// cancels those effects. Skipped actions still changed the state, so ``TestStore/state``
  /// moves past them.
  ///
  /// With `showSkippedAssertions`, each state change a closure did not assert, each action
  /// skipped and each effect cancelled at the end is recorded as a known issue (in Swift
  /// Testing; printed under XCTest), at the line of the call that skipped it.
  ///
  /// - Parameter showSkippedAssertions: Whether to report what the test did not assert.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, quietly: ``off(showSkippedAssertions:)`` with
  /// `false`.
  public static let off = Self.off(showSkippedAssertions: false)

  /// Whether skipped assertions are reported: only ``off(showSkippedAssertions:)`` with `true`.
  var showsSkippedAssertions: Bool {
    if case .off(showSkippedAssertions: true) = self { return true }
    return false
  }
}

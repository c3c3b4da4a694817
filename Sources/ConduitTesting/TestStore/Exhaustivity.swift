/// How much of a feature's behaviour a ``TestStore`` makes a test assert.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every action an effect sends, and the end of every effect must be
  /// asserted; anything left over fails the test.
  ///
  /// ``TestStore/send(_:assert:fileID:filePath:line:column:)`` compares the whole state with
  /// the expected one, sending while received actions wait is a failure, and
  /// ``TestStore/finish(timeout:fileID:filePath:line:column:)`` (or freeing the store) fails
  /// when actions were received but not asserted or effects are still running.
  case on

  /// Only what the test asserts is checked.
  ///
  /// The assert closure of a send or receive checks only the fields it sets: one it changes
  /// must have changed that way, and one it sets to the value it had must still have it. The
  /// closure may run twice, on the old state and on the new.
  /// ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)`` skips the actions
  /// before the one it expects; received actions nobody asserts and effects still running at
  /// the end are not failures. Skipped actions still change the state, so ``TestStore/state``
  /// stays true to what the feature did.
  case off
}

import Foundation

/// Reports a programmer error that Conduit can survive, such as an effect that threw an error
/// nobody handled, or an action for a child that is not there.
///
/// Debug builds print the message to standard error, once per call site, so a warning inside a
/// hot loop does not flood the console; release builds stay silent. While a handler is
/// set with ``withRuntimeWarningHandler(_:operation:)`` (a test store sets one around
/// everything it runs), every warning goes to it instead, each time: every kind of warning, through this one function, so
/// that a test fails on warnings added later without knowing about them.
@usableFromInline
func runtimeWarning(_ message: @autoclosure () -> String, fileID: StaticString, line: UInt) {
  if let handler = RuntimeWarnings.handler {
    handler.receive(RuntimeWarnings.Warning(message: message(), fileID: "\(fileID)", line: line))
    return
  }
  #if DEBUG
    let site = "\(fileID):\(line)"
    guard RuntimeWarnings.printed.withLock({ $0.insert(site).inserted }) else { return }
    FileHandle.standardError.write(Data("[Conduit] warning: \(site): \(message())\n".utf8))
  #endif
}

/// Runs `operation` with every runtime warning going to `handler` instead of standard error,
/// including those of the tasks it starts (effects among them), which inherit the handler.
///
/// Part of the `Testing` SPI (see ``EffectExecutor``): `ConduitTesting`'s test store turns
/// every warning into a test failure.
///
/// ```swift
/// withRuntimeWarningHandler({ message, fileID, line in failures.append(message) }) {
///   store.send(.child(.tapped))
/// }
/// ```
///
/// - Parameters:
///   - handler: Receives each warning, from whatever task raises it: what went wrong, and the
///     file and line it names (an effect's, or a reducer's call site).
///   - operation: The work whose warnings go to `handler`.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
@_spi(Testing)
public func withRuntimeWarningHandler<Result>(
  _ handler: @escaping @Sendable (_ message: String, _ fileID: String, _ line: UInt) -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  try RuntimeWarnings.$handler.withValue(
    RuntimeWarnings.Handler { handler($0.message, $0.fileID, $0.line) }, operation: operation)
}

enum RuntimeWarnings {
  struct Warning: Equatable, Sendable {
    var message: String
    var fileID: String
    var line: UInt
  }

  /// Receives warnings instead of standard error while set; a task local, so that tests
  /// running in parallel each see only their own warnings, and so that the tasks of effects
  /// started while it is set report to it too.
  @TaskLocal static var handler: Handler?

  /// Where warnings go while set.
  ///
  /// A struct around the closure, not the closure itself: with Swift 6.3.1 on Linux, `-O`
  /// miscompiles `withValue` on a task local whose value is an optional function (the program
  /// crashes in `swift_task_localValuePush`); an optional struct is bound correctly.
  struct Handler: Sendable {
    let receive: @Sendable (Warning) -> Void

    init(_ receive: @escaping @Sendable (Warning) -> Void) {
      self.receive = receive
    }
  }

  static let printed = Locked(Set<String>())
}

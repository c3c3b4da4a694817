import Foundation

/// Reports a programmer error that Conduit can survive, such as an effect that threw an error
/// nobody handled.
///
/// Debug builds print the message to standard error, once per call site, so a warning inside a
/// hot loop does not flood the console; release builds stay silent. Tests
/// install a ``RuntimeWarnings/$handler`` to collect the messages instead.
@usableFromInline
func runtimeWarning(_ message: @autoclosure () -> String, fileID: StaticString, line: UInt) {
  if let handler = RuntimeWarnings.handler {
    handler(RuntimeWarnings.Warning(message: message(), fileID: "\(fileID)", line: line))
    return
  }
  #if DEBUG
    let site = "\(fileID):\(line)"
    guard RuntimeWarnings.printed.withLock({ $0.insert(site).inserted }) else { return }
    FileHandle.standardError.write(Data("[Conduit] warning: \(site): \(message())\n".utf8))
  #endif
}

enum RuntimeWarnings {
  struct Warning: Equatable, Sendable {
    var message: String
    var fileID: String
    var line: UInt
  }

  /// Receives warnings instead of standard error while set; a task local so that tests running
  /// in parallel each see only their own warnings.
  @TaskLocal static var handler: (@Sendable (Warning) -> Void)?

  static let printed = Locked(Set<String>())
}

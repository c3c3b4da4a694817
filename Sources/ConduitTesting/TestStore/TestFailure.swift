import Testing
import XCTest

/// Where a test helper was called from, in the forms both test frameworks want.
struct CallSite: Sendable, CustomStringConvertible {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// `Module/File.swift:12`, for messages that name a place.
  var description: String { "\(fileID):\(line)" }
}

/// The test framework a failure is reported to.
enum TestFramework: Sendable {
  case swiftTesting
  case xcTest

  /// The framework running the current task: Swift Testing sets `Test.current` for the task
  /// of each test (and the tasks it creates); anything else is taken to be XCTest.
  static var current: TestFramework {
    Test.current != nil ? .swiftTesting : .xcTest
  }
}

/// Records a test failure at `site` in whichever framework runs the test.
///
/// The framework is looked up when the failure happens. A failure reported outside any test's
/// task (a test store freed on another thread) goes to `fallback`, the framework that was
/// running when the helper was created.
///
/// - Parameters:
///   - message: What went wrong.
///   - site: The caller's location, where the test framework shows the failure.
///   - fallback: The framework to use when no Swift Testing test is current.
func recordFailure(_ message: String, at site: CallSite, fallback: TestFramework) {
  let framework = Test.current != nil ? .swiftTesting : fallback
  switch framework {
  case .swiftTesting:
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
        column: Int(site.column)))
  case .xcTest:
    XCTFail(message, file: site.filePath, line: site.line)
  }
}

/// `1 second`, `2 seconds`, `300 ms`: a duration as a failure message says it.
func describe(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
  let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  guard microseconds % 1_000 != 0 else { return "\(microseconds / 1_000) ms" }
  return "\(Double(microseconds) / 1_000) ms"
}

/// `1 action`, `2 actions`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

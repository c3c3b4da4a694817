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

  /// The place as Swift Testing records an issue at it.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
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
      sourceLocation: site.sourceLocation)
  case .xcTest:
    XCTFail(message, file: site.filePath, line: site.line)
  }
}

/// Reports what a non-exhaustive test skipped, without failing it.
///
/// In Swift Testing it is a known issue: shown with the test's results, at `site`, but not a
/// failure. XCTest has no such thing on every platform, so there it is printed, prefixed with
/// `site`, to standard output.
///
/// - Parameters:
///   - message: What the test skipped.
///   - site: The caller's location.
///   - fallback: The framework to use when no Swift Testing test is current.
func recordSkipped(_ message: String, at site: CallSite, fallback: TestFramework) {
  if let handler = SkippedAssertions.handler {
    handler.receive(message, site)
    return
  }
  let framework = Test.current != nil ? .swiftTesting : fallback
  switch framework {
  case .swiftTesting:
    withKnownIssue("Skipped assertions", isIntermittent: true) {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: site.sourceLocation)
    }
  case .xcTest:
    print("\(site.filePath):\(site.line): skipped: \(message)")
  }
}

/// Where reports of skipped assertions go instead, while set: the test store's own tests read
/// them here, as a known issue inside their own `withKnownIssue` would not reach them.
enum SkippedAssertions {
  @TaskLocal static var handler: Handler?

  /// A struct around the closure, as for `RuntimeWarnings.Handler`: `-O` miscompiles binding
  /// a task local whose value is an optional function (Swift 6.3.1, Linux).
  struct Handler: Sendable {
    let receive: @Sendable (_ message: String, _ site: CallSite) -> Void

    init(_ receive: @escaping @Sendable (_ message: String, _ site: CallSite) -> Void) {
      self.receive = receive
    }
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

/// `1 action`, `2 actions`, `12,000 actions`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
}

/// `12,000`: a count with its thousands grouped, the same in every locale.
func grouped(_ count: Int) -> String {
  var digits = String(count.magnitude)
  var groups: [Substring] = []
  while digits.count > 3 {
    groups.insert(digits.suffix(3), at: 0)
    digits.removeLast(3)
  }
  groups.insert(Substring(digits), at: 0)
  return (count < 0 ? "-" : "") + groups.joined(separator: ",")
}

/// How many items a failure message lists before it says how many more there are.
let maxListedItems = 10

/// `items`, one per line, each indented by two spaces; past ``maxListedItems``, a last line
/// says how many more there are.
func listed(_ items: [String], total: Int? = nil) -> String {
  let total = total ?? items.count
  var lines = items.prefix(maxListedItems).map { "\n  " + $0 }
  if total > lines.count { lines.append("\n  … and \(grouped(total - lines.count)) more") }
  return lines.joined()
}

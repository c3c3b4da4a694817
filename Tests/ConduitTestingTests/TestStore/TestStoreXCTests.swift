@_spi(Testing) import Conduit
import XCTest

@testable import ConduitTesting

/// The XCTest side of failure reporting: outside Swift Testing, a test store reports through
/// `XCTFail`, at the caller's file and line.
final class TestStoreXCTests: XCTestCase {
  struct Failure: Equatable {
    var description: String
    var file: String
    var line: Int
  }

  /// The failures recorded while ``capturingFailures(_:)`` runs; nil otherwise, so that the
  /// test's own assertions still fail it. A lock, because XCTest may call the override from
  /// any thread.
  private let captured = Locked<[Failure]?>(nil)

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      let location = issue.sourceCodeContext.location
      let failure = Failure(
        description: issue.compactDescription, file: location?.fileURL.path ?? "",
        line: location?.lineNumber ?? 0)
      guard captured.withLock({ $0?.append(failure) }) != nil else {
        return super.record(issue)
      }
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      let failure = Failure(description: description, file: filePath, line: lineNumber)
      guard captured.withLock({ $0?.append(failure) }) != nil else {
        return super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  @MainActor
  private func capturingFailures(_ body: @MainActor () async -> Void) async -> [Failure] {
    captured.withLock { $0 = [] }
    await body()
    return captured.withLock { failures in
      defer { failures = nil }
      return failures ?? []
    }
  }

  func testTheFrameworkIsXCTest() {
    XCTAssertEqual(TestFramework.current, .xcTest)
  }

  @MainActor
  func testAPassingTestRecordsNoFailure() async {
    let failures = await capturingFailures {
      let clock = TestClock()
      let store = TestStore(
        initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))
      await store.send(.queryChanged("lost")) { $0.query = "lost" }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.resultsLoaded([.init(title: "Lost")])) {
        $0.results = [.init(title: "Lost")]
      }
      await store.finish()
    }

    XCTAssertEqual(failures, [])
  }

  @MainActor
  func testAStateMismatchIsRecordedAtTheCallersLine() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 2
    let failures = await capturingFailures {
      await store.send(.increment) { $0.count = 2 }
    }

    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.line, line)
    XCTAssertEqual(
      failures.first.map { URL(fileURLWithPath: $0.file).lastPathComponent },
      "TestStoreXCTests.swift")
    XCTAssertTrue(
      failures.first?.description.contains(
        "State after send(.increment) differs from the expected state:\n  count: expected 2, got 1")
        == true, failures.first?.description ?? "no failure")
  }

  @MainActor
  func testAMissingActionIsRecordedAtTheCallersLine() async {
    let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: TestClock()))
    let line = #line + 2
    let failures = await capturingFailures {
      await store.receive(.increment)
    }

    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(
      failures.first?.description.contains(
        "Expected to receive .increment, but no action arrived and no effect is running.")
        == true, failures.first?.description ?? "no failure")
  }

  @MainActor
  func testFreeingTheStoreRecordsAtTheLineThatCreatedIt() async {
    let clock = TestClock()
    let line = #line + 2
    let failures = await capturingFailures {
      let store = TestStore(initialState: Probe.State(), reducer: Probe(clock: clock))
      await store.send(.echo("a"))
    }

    XCTAssertEqual(failures.map(\.line), [line])
    XCTAssertTrue(
      failures.first?.description.contains("1 received action not asserted:\n  .logged(\"a\")")
        == true, failures.first?.description ?? "no failure")
  }
}

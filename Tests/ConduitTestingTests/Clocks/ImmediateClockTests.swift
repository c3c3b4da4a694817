import Conduit
import Testing

@testable import ConduitTesting

@Suite struct ImmediateClockTests {
  @Test func aSleepReturnsAtOnceAndMovesTheTime() async throws {
    let clock = ImmediateClock()
    let start = clock.now

    try await clock.sleep(for: .seconds(5))
    try await clock.sleep(for: .seconds(-1))

    #expect(start.duration(to: clock.now) == .seconds(5))
  }

  @Test func aSleepInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }

    let result = await sleeper.result

    #expect(throws: CancellationError.self) { try result.get() }
  }

  @MainActor
  @Test func aDebouncedSearchRunsWithoutWaiting() async {
    let store = TestStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature(client: .mock, clock: ImmediateClock()))

    await store.send(.queryChanged("lost")) { $0.query = "lost" }
    await store.receive(.resultsLoaded([.init(title: "Lost")])) {
      $0.results = [.init(title: "Lost")]
    }
    await store.finish()
  }
}

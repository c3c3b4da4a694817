import Conduit
import Testing

@testable import ConduitTesting

@MainActor
@Suite struct ClockInjectionTests {
  @Test func anExistentialClockPropertyDefaultsToTheContinuousClock() {
    let feature = SearchFeature(client: .mock)
    #expect(feature.clock is ContinuousClock)
  }

  @Test func aPlainStoreRunsAReducerWhoseClockIsATestClock() async {
    let clock = TestClock()
    let store = Store(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))

    let task = store.send(.queryChanged("saul"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(300))
    await task.finish()

    #expect(store.results == [.init(title: "Better Call Saul")])
  }

  @Test func aCancelledDebounceLeavesNothingAsleep() async {
    let clock = TestClock()
    let store = Store(
      initialState: SearchFeature.State(), reducer: SearchFeature(client: .mock, clock: clock))

    let first = store.send(.queryChanged("b"))
    await clock.waitForSleepers(1)
    store.send(.queryChanged(""))
    await first.finish()

    #expect(clock.sleeperCount == 0)
    #expect(store.results == [])
  }
}

import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The Profile feature alone: what it shows about saving.
@MainActor
@Suite struct ProfileTests {
  @Test func aFailedSaveRecordsWhy() async {
    let store = TestStore(
      initialState: Profile.State(historyPath: "history.json"), reducer: Profile())

    await store.send(.saveFailed("disk full")) { $0.saveProblem = "disk full" }
    await store.finish()
  }

  @Test func aSaveClearsTheProblem() async {
    let store = TestStore(
      initialState: Profile.State(historyPath: "history.json", saveProblem: "disk full"),
      reducer: Profile())

    await store.send(.saved) { $0.saveProblem = nil }
    await store.finish()
  }
}

import ConduitTesting
import Testing

@testable import TVTrackerCore

/// The Activity feature alone: its cursor. Keeping the cursor below the last poster is
/// ``AppFeature``'s work, tested in `AppFeatureTests`.
@MainActor
@Suite struct ActivityTests {
  @Test func theCursorMovesByTheOffset() async {
    let store = TestStore(initialState: Activity.State(selection: 1), reducer: Activity())

    await store.send(.selectionMoved(by: 2)) { $0.selection = 3 }
    await store.finish()
  }

  @Test func theCursorStopsAtTheFirstPoster() async {
    let store = TestStore(initialState: Activity.State(selection: 1), reducer: Activity())

    await store.send(.selectionMoved(by: -9)) { $0.selection = 0 }
    await store.finish()
  }
}

import CAllocationCounter
import Testing

@testable import Conduit

/// Issue 14: a send in steady state allocates nothing, with a derived store subscribed.
@MainActor
@Suite struct SendAllocationTests {
  /// A counter whose reducer allocates nothing of its own.
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var title = "counter"
    }

    enum Action: Equatable {
      case increment
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test(.enabled(if: conduit_allocation_counting_available() == 1, "glibc, no sanitizer"))
  func steadyStateSendsWithASubscribedDerivedStoreAllocateNothing() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    var seen = 0
    let subscription = count.subscribe { seen = $0 }
    // Warm-up: first uses (metadata, caches, buffers) may allocate once.
    for _ in 0..<100 { store.send(.increment) }

    conduit_allocation_counting_start()
    for _ in 0..<1_000 { store.send(.increment) }
    let allocations = conduit_allocation_counting_stop()

    #expect(seen == 1_100)
    #expect(allocations == 0)
    subscription.cancel()
  }

  final class Box {
    let value: Int
    init(_ value: Int) { self.value = value }
  }

  /// Where the boxes go, so that the optimizer cannot keep them on the stack.
  static var kept: [Box] = []

  @Test(.enabled(if: conduit_allocation_counting_available() == 1, "glibc, no sanitizer"))
  func theCounterSeesAllocationsOnThisThread() {
    conduit_allocation_counting_start()
    for value in 0..<10 { Self.kept.append(Box(value)) }
    let allocations = conduit_allocation_counting_stop()
    #expect(Self.kept.count == 10)
    #expect(allocations >= 10)
    Self.kept = []
  }
}

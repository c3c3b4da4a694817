import Testing

@testable import Conduit

/// Sends, propagation and freeing walk a chain of stores in loops, so depth costs no stack.
@MainActor
@Suite struct DeepChainTests {
  static let depth = 100_000

  /// A chain of `depth` stores, each observing the one before; returns the last.
  private func chain(
    from root: Store<Counter.State, Counter.Action>
  ) -> Store<Int, Counter.Action> {
    var last = root.observe(\.count)
    for _ in 1..<Self.depth { last = last.observe { $0 } }
    return last
  }

  @Test func aChangeReachesTheEndOfAChainOf100000Stores() {
    let root = Store(initialState: Counter.State(), reducer: Counter())
    let last = chain(from: root)
    var seen: [Int] = []
    let subscription = last.subscribe { seen.append($0) }

    root.send(.increment)
    root.send(.setLabel("unrelated"))

    #expect(seen == [1])
    #expect(last.state == 1)
    subscription.cancel()
  }

  @Test func aSendFromTheEndOfAChainOf100000StoresReachesTheRoot() {
    let root = Store(initialState: Counter.State(), reducer: Counter())
    let last = chain(from: root)

    last.send(.increment)
    last.send(.increment)

    #expect(root.state.count == 2)
    #expect(last.state == 2)
  }

  @Test func aChainOf100000StoresIsFreedWithItsLastReference() {
    weak var weakRoot: Store<Counter.State, Counter.Action>?
    weak var weakFirst: Store<Int, Counter.Action>?
    do {
      let root = Store(initialState: Counter.State(), reducer: Counter())
      weakRoot = root
      var last = root.observe(\.count)
      weakFirst = last
      for _ in 1..<Self.depth { last = last.observe { $0 } }
      _ = last
    }
    #expect(weakFirst == nil)
    #expect(weakRoot == nil)
  }
}

import Testing

@testable import Conduit

/// A store runs a body it built once in place, and each `Scope` in it keeps which case its
/// constructor builds: these check that what it keeps routes every action as the constructor
/// check would.
@MainActor
@Suite("Scopes in a store's body keep the case their constructor builds")
struct ScopeLearningTests {
  /// The totals `actions` should give each child of ``Shapes``, worked out without `Scope`.
  private func expectedTotals(_ actions: [Shapes.Action]) -> [Int] {
    var totals = [0, 0, 0, 0, 0]
    for action in actions {
      switch action {
      case .primary(.add(let amount)): totals[0] += amount
      case .secondary(.add(let amount)): totals[1] += amount
      case .labelled(action: .add(let amount)): totals[2] += amount
      case .boxed(.add(let amount)): totals[3] += amount
      case .other: totals[4] += 1
      default: break
      }
    }
    return totals
  }

  private func totals(_ state: Shapes.State) -> [Int] {
    [
      state.primary.total, state.secondary.total, state.labelled.total,
      state.indirectTally.total, state.other,
    ]
  }

  @Test("a long mix of actions reaches each child of its own case only")
  func mixedActionsReachTheirOwnChildren() {
    var generator = SplitMix64(seed: 14)
    let makers: [(Int) -> Shapes.Action] = [
      { .primary(.add($0)) }, { .secondary(.add($0)) }, { .labelled(action: .add($0)) },
      { .boxed(.add($0)) }, { _ in .other }, { _ in .nothing },
    ]
    let actions = (0..<300).map { index in
      makers[Int(generator.next() % UInt64(makers.count))](index)
    }
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    for action in actions { store.send(action) }
    #expect(totals(store.state) == expectedTotals(actions))
  }

  @Test("a scope that first sees another case's action still takes its own case after")
  func learningFromAnotherCase() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    // `primary`'s scope calls its constructor on this payload, and learns its case from it.
    store.send(.secondary(.add(1)))
    store.send(.primary(.add(2)))
    store.send(.secondary(.add(4)))
    store.send(.primary(.add(8)))
    #expect(totals(store.state) == [10, 5, 0, 0, 0])
  }

  @Test("what a scope learns stays with its store: a second store starts afresh")
  func eachStoreLearnsForItself() {
    let first = Store(initialState: Shapes.State(), reducer: Shapes())
    first.send(.primary(.add(1)))
    let second = Store(initialState: Shapes.State(), reducer: Shapes())
    second.send(.secondary(.add(2)))
    second.send(.primary(.add(3)))
    #expect(totals(first.state) == [1, 0, 0, 0, 0])
    #expect(totals(second.state) == [3, 2, 0, 0, 0])
  }

  @Test("child effects of a learned case come back as the parent's actions")
  func learnedCaseEffectsAreEmbedded() async {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    store.send(.primary(.add(1)))
    await store.send(.primary(.echo("once"))).finish()
    #expect(store.state.primary.names == ["once"])
    #expect(store.state.secondary.names.isEmpty)
  }

  @Test("a forEach in a store's body routes element actions after it has learned its case")
  func forEachLearns() {
    let store = Store(
      initialState: RowsFeature.State(rows: [.init(id: 1), .init(id: 2)]), reducer: RowsFeature())
    store.send(.rows(.element(id: 2, action: .add(5))))
    store.send(.other)
    store.send(.rows(.element(id: 1, action: .add(3))))
    store.send(.rows(.element(id: 2, action: .add(1))))
    #expect(store.state.rows.map(\.total) == [3, 6])
    #expect(store.state.others == 1)
  }

  @Test("a closure that builds a case carrying no child action still stops, in a store")
  func badConstructorStopsInAStore() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        struct Bad: Reducer {
          var body: some Reducer<Shapes.State, Shapes.Action> {
            Scope(state: \.primary, action: { (_: Tally.Action) in Shapes.Action.other }) {
              Tally()
            }
          }
        }
        await MainActor.run {
          let store = Store(initialState: Shapes.State(), reducer: Bad())
          store.send(.primary(.add(1)))
        }
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("builds `.other` of"))
    #expect(message.contains("it is not a case constructor"))
  }
}

/// Rows of tallies, joined with `forEach`, beside a counter of other actions.
private struct RowsFeature: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var total = 0
  }
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row>
    var others = 0
  }
  enum Action: Sendable {
    case rows(IdentifiedAction<Int, RowAction>)
    case other
  }
  enum RowAction: Sendable {
    case add(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .other = action { state.others += 1 }
      return .none
    }
    .forEach(\.rows, action: Action.rows) {
      Reduce<Row, RowAction> { row, action in
        if case .add(let amount) = action { row.total += amount }
        return .none
      }
    }
  }
}

import Testing

@testable import Conduit

/// A parent whose actions exercise every shape of case that `Scope` must tell apart.
struct Shapes: Reducer {
  struct State: Equatable {
    var primary = Tally.State()
    var secondary = Tally.State()
    var labelled = Tally.State()
    var indirectTally = Tally.State()
    var other = 0
  }

  enum Action: Equatable {
    case primary(Tally.Action)
    case secondary(Tally.Action)
    case labelled(action: Tally.Action)
    indirect case boxed(Tally.Action)
    case other
    case nothing
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.primary, action: Action.primary) { Tally() }
    Scope(state: \.secondary, action: Action.secondary) { Tally() }
    Scope(state: \.labelled, action: Action.labelled(action:)) { Tally() }
    Scope(state: \.indirectTally, action: Action.boxed) { Tally() }
    Reduce { state, action in
      if case .other = action { state.other += 1 }
      return .none
    }
  }
}

struct Tally: Reducer {
  struct State: Equatable {
    var total = 0
    var names: [String] = []
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case named(String)
    case echo(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.total += amount
      return .none
    case .named(let name):
      state.names.append(name)
      return .none
    case .echo(let name):
      return .send(.named(name))
    }
  }
}

@MainActor
@Suite struct ScopeTests {
  @Test func childRunsOnlyForItsOwnCaseWhenCasesSharePayloadTypes() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())

    store.send(.secondary(.add(2)))
    store.send(.primary(.add(5)))
    store.send(.secondary(.add(3)))

    #expect(store.state.primary.total == 5)
    #expect(store.state.secondary.total == 5)
    #expect(store.state.labelled.total == 0)
  }

  @Test func labelledPayloadsAreExtracted() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    store.send(.labelled(action: .add(4)))
    #expect(store.state.labelled.total == 4)
    #expect(store.state.primary.total == 0)
  }

  @Test func indirectCasesAreExtracted() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    store.send(.boxed(.named("boxed")))
    store.send(.boxed(.named("again")))
    #expect(store.state.indirectTally.names == ["boxed", "again"])
  }

  @Test func payloadsHoldingReferencesSurviveExtraction() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    let name = String(repeating: "long name ", count: 10)
    for _ in 0..<1_000 { store.send(.primary(.named(name))) }
    #expect(store.state.primary.names.count == 1_000)
    #expect(store.state.primary.names.allSatisfy { $0 == name })
  }

  @Test func actionsOfOtherCasesLeaveChildrenAlone() {
    let store = Store(initialState: Shapes.State(), reducer: Shapes())
    store.send(.other)
    store.send(.nothing)
    #expect(store.state == Shapes.State(other: 1))
  }

  @Test func childEffectsComeBackAsParentActions() {
    var received: [Shapes.Action] = []
    let store = Store(
      initialState: Shapes.State(),
      reducer: RecordingActions(base: Shapes()) { received.append($0) })

    store.send(.secondary(.echo("hi")))

    #expect(received == [.secondary(.echo("hi")), .secondary(.named("hi"))])
    #expect(store.state.secondary.names == ["hi"])
  }

  @Test func closureThatWrapsACaseWorksLikeTheCase() {
    let reducer = Scope(state: \Shapes.State.secondary, action: { Shapes.Action.secondary($0) }) {
      Tally()
    }
    var state = Shapes.State()

    _ = reducer.reduce(into: &state, action: .primary(.add(1)))
    _ = reducer.reduce(into: &state, action: .secondary(.add(2)))

    #expect(state.secondary.total == 2)
    #expect(state.primary.total == 0)
  }

  @Test func scopeOfAnActionThatIsNotAnEnumStopsWithAClearMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Scope(state: \NotAnEnum.self, action: { NotAnEnum(value: $0) }) {
          EmptyReducer<NotAnEnum, Int>()
        }
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("needs an enum case such as `Action.child` as its action"))
    #expect(message.contains("but NotAnEnum is not an enum"))
  }

  @Test func scopeOfAnOptionalPayloadRunsTheChildForPresentValues() {
    enum Action { case tally(Tally.Action?), other }
    let scope = Scope(state: \Tally.State.self, action: Action.tally) { Tally() }
    var state = Tally.State()
    _ = scope.reduce(into: &state, action: .tally(.add(2)))
    _ = scope.reduce(into: &state, action: .tally(nil))
    _ = scope.reduce(into: &state, action: .other)
    #expect(state.total == 2)
  }

  @Test func scopeOfALabelledTuplePayloadRunsAChildOfTheUnlabelledTuple() {
    struct Pairs: Reducer {
      func reduce(into state: inout [Int], action: (Int, Tally.Action)) -> Effect<
        (Int, Tally.Action)
      > {
        if case .add(let amount) = action.1 { state.append(action.0 * amount) }
        return .none
      }
    }
    enum Action { case element(id: Int, action: Tally.Action), other }
    let scope = Scope(state: \[Int].self, action: Action.element) { Pairs() }
    var state: [Int] = []
    _ = scope.reduce(into: &state, action: .element(id: 3, action: .add(5)))
    _ = scope.reduce(into: &state, action: .other)
    #expect(state == [15])
  }
}

struct NotAnEnum {
  var value: Int
}

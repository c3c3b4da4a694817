import Testing

@_spi(Testing) @testable import Conduit

/// A destination with two cases of the same payload type, and one of another.
struct Screens: Reducer {
  enum State: Equatable {
    case first(Tally.State)
    case second(Tally.State)
    case note(String)
  }

  enum Action: Equatable, Sendable {
    case first(Tally.Action)
    case second(Tally.Action)
    case note(String)
  }

  var body: some Reducer<State, Action> {
    Scope(state: State.first, action: Action.first) { Tally() }
    Scope(state: State.second, action: Action.second) { Tally() }
    Reduce { state, action in
      if case .note(let text) = action { state = .note(text) }
      return .none
    }
  }
}

@MainActor
@Suite struct EnumStateTests {
  @Test func aScopeOfACaseRunsTheChildOnThatCaseOnly() {
    var state = Screens.State.second(Tally.State())
    _ = Screens().reduce(into: &state, action: .second(.add(3)))
    #expect(state == .second(Tally.State(total: 3)))
  }

  @Test func casesOfTheSamePayloadTypeAreToldApart() {
    var state = Screens.State.first(Tally.State())
    let warnings = collectingWarnings {
      _ = Screens().reduce(into: &state, action: .second(.add(3)))
    }.map(\.message)
    #expect(state == .first(Tally.State()))
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("while the state was another case") == true)
  }

  @Test func aCaseScopeEmbedsTheChildsEffects() {
    let store = Store(initialState: Screens.State.first(Tally.State()), reducer: Screens())
    store.send(.first(.echo("hi")))
    #expect(store.state == .first(Tally.State(names: ["hi"])))
  }

  @Test func aStoreOfAnEnumStateScopesToItsCurrentCase() {
    let store = Store(initialState: Screens.State.first(Tally.State()), reducer: Screens())
    let first = store.scope(state: Screens.State.first, action: Screens.Action.first)
    let second = store.scope(state: Screens.State.second, action: Screens.Action.second)
    #expect(first?.state == Tally.State())
    #expect(second == nil)
    first?.send(.add(2))
    #expect(store.state == .first(Tally.State(total: 2)))
    #expect(first?.state.total == 2)
  }

  @Test func theSameCaseGivesTheSameStoreAndANewOneAfterLeavingIt() {
    let store = Store(initialState: Screens.State.first(Tally.State()), reducer: Screens())
    let first = store.scope(state: Screens.State.first, action: Screens.Action.first)
    #expect(first === store.scope(state: Screens.State.first, action: Screens.Action.first))
    store.send(.note("away"))
    #expect(store.scope(state: Screens.State.first, action: Screens.Action.first) == nil)
    #expect(first?.state == Tally.State())
  }

  @Test func aCaseStoreIsToldOnlyOfItsCasesChanges() {
    let store = Store(initialState: Screens.State.first(Tally.State()), reducer: Screens())
    let first = store.scope(state: Screens.State.first, action: Screens.Action.first)
    var seen: [Int] = []
    let subscription = first?.subscribe { seen.append($0.total) }
    store.send(.first(.add(1)))
    store.send(.first(.named("x")))
    store.send(.first(.add(1)))
    #expect(seen == [1, 1, 2])
    subscription?.cancel()
  }

  @Test func aPresentedEnumDestinationScopesThroughBothLayers() {
    struct Parent: Reducer {
      struct State: Equatable {
        @Presents var destination: Screens.State?
      }
      enum Action: Equatable, Sendable {
        case destination(PresentationAction<Screens.Action>)
      }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$destination, action: Action.destination) { Screens() }
      }
    }
    let store = Store(
      initialState: Parent.State(destination: .second(Tally.State())), reducer: Parent())
    let second = store.scope(state: \.$destination, action: Parent.Action.destination)?
      .scope(state: Screens.State.second, action: Screens.Action.second)
    second?.send(.add(5))
    #expect(store.state.destination == .second(Tally.State(total: 5)))
  }

  @Test func aCaseOfAPresentedDestinationDismissesTheDestination() {
    struct Parent: Reducer {
      struct State: Equatable {
        @Presents var destination: Screens.State?
      }
      enum Action: Equatable, Sendable {
        case destination(PresentationAction<Screens.Action>)
      }
      var body: some Reducer<State, Action> {
        EmptyReducer()
          .ifLet(\.$destination, action: Action.destination) { Screens() }
      }
    }
    let store = Store(
      initialState: Parent.State(destination: .first(Tally.State())), reducer: Parent())
    let first = store.scope(state: \.$destination, action: Parent.Action.destination)?
      .scope(state: Screens.State.first, action: Screens.Action.first)
    first?.core.dismissPresentation?()
    #expect(store.state.destination == nil)
  }
}

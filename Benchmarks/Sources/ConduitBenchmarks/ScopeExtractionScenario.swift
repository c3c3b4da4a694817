import Conduit

extension Scenario {
  /// Scenario 6: what `Scope`'s case extraction costs next to the `switch` it replaces.
  static let scopeExtraction = Scenario(
    name: "scope-extraction",
    title: "a parent of five child features handles actions for each child in turn, in a store "
      + "and called directly",
    unit: "action"
  ) { _ in
    let storeSwitch = "hand-written switch, in a store"
    let storeScopes = "five Scopes in `body`, in a store (built once, run in place)"
    let switched = "hand-written switch, called directly"
    let rebuilt = "five Scopes in `body`, called directly (built for each call)"
    let count = OperationCount.calibrated(minimum: 1_000, maximum: 1_000_000)
    return Plan(
      variants: [
        Variant(
          name: storeSwitch, count: count,
          prepare: { ScopeExtractionScenario.storeTrial(SwitchParent(), actions: $0) }),
        Variant(
          name: storeScopes, count: count,
          prepare: { ScopeExtractionScenario.storeTrial(ScopedParent(), actions: $0) }),
        Variant(
          name: switched, count: count,
          prepare: { ScopeExtractionScenario.trial(SwitchParent(), actions: $0) }),
        Variant(
          name: rebuilt, count: count,
          prepare: { ScopeExtractionScenario.trial(ScopedParent(), actions: $0) }),
      ],
      comparisons: [
        Comparison(
          label: "Scopes − switch, in a store", kind: .difference, numerator: storeScopes,
          denominator: storeSwitch),
        Comparison(
          label: "Scopes / switch, in a store", numerator: storeScopes, denominator: storeSwitch),
        Comparison(
          label: "Scopes built for each call − switch", kind: .difference, numerator: rebuilt,
          denominator: switched),
        Comparison(
          label: "Scopes built for each call / switch", numerator: rebuilt, denominator: switched),
      ])
  }
}

/// A child feature: a number it adds to.
struct AddingChild: Reducer {
  enum Action: Sendable {
    case add(Int)
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state += amount
      return .none
    }
  }
}

/// The parent's state: one number per child.
struct FiveChildren: Equatable {
  var first = 0
  var second = 0
  var third = 0
  var fourth = 0
  var fifth = 0
}

/// The parent's actions: one case per child, each carrying the child's action.
enum FiveChildrenAction: Sendable {
  case first(AddingChild.Action)
  case second(AddingChild.Action)
  case third(AddingChild.Action)
  case fourth(AddingChild.Action)
  case fifth(AddingChild.Action)
}

/// The parent written with `Scope`, as the library intends.
struct ScopedParent: Reducer {
  var body: some Reducer<FiveChildren, FiveChildrenAction> {
    Scope(state: \.first, action: FiveChildrenAction.first) { AddingChild() }
    Scope(state: \.second, action: FiveChildrenAction.second) { AddingChild() }
    Scope(state: \.third, action: FiveChildrenAction.third) { AddingChild() }
    Scope(state: \.fourth, action: FiveChildrenAction.fourth) { AddingChild() }
    Scope(state: \.fifth, action: FiveChildrenAction.fifth) { AddingChild() }
  }
}

/// The same parent written by hand with a `switch`.
struct SwitchParent: Reducer {
  func reduce(
    into state: inout FiveChildren, action: FiveChildrenAction
  ) -> Effect<FiveChildrenAction> {
    switch action {
    case .first(let action):
      AddingChild().reduce(into: &state.first, action: action).map(FiveChildrenAction.first)
    case .second(let action):
      AddingChild().reduce(into: &state.second, action: action).map(FiveChildrenAction.second)
    case .third(let action):
      AddingChild().reduce(into: &state.third, action: action).map(FiveChildrenAction.third)
    case .fourth(let action):
      AddingChild().reduce(into: &state.fourth, action: action).map(FiveChildrenAction.fourth)
    case .fifth(let action):
      AddingChild().reduce(into: &state.fifth, action: action).map(FiveChildrenAction.fifth)
    }
  }
}

/// The trials of scenario 6.
@MainActor
enum ScopeExtractionScenario {
  /// The actions of a trial: one for each child in turn.
  static func actions(_ count: Int) -> [FiveChildrenAction] {
    let cases: [(AddingChild.Action) -> FiveChildrenAction] = [
      FiveChildrenAction.first, FiveChildrenAction.second, FiveChildrenAction.third,
      FiveChildrenAction.fourth, FiveChildrenAction.fifth,
    ]
    return (0..<count).map { cases[$0 % cases.count](.add(1)) }
  }

  /// Whether `state` is what `count` actions make of a fresh state.
  static func check(_ state: FiveChildren, after count: Int) throws {
    let counts = [state.first, state.second, state.third, state.fourth, state.fifth]
    let expected = (0..<5).map { count / 5 + ($0 < count % 5 ? 1 : 0) }
    try require(counts == expected, "child counts \(counts) ≠ \(expected)")
  }

  /// Sends the actions to a store of `parent`, which builds a body once and runs it in place.
  static func storeTrial<Parent: Reducer>(_ parent: Parent, actions count: Int) -> Trial
  where Parent.State == FiveChildren, Parent.Action == FiveChildrenAction {
    let actions = actions(count)
    let store = Store(initialState: FiveChildren(), reducer: parent)
    return Trial(
      run: {
        for action in actions { store.send(action) }
      },
      finish: {
        try check(store.state, after: count)
        return Outcome()
      })
  }

  /// Calls `parent`'s `reduce` for each action, as code outside a store would: a parent with a
  /// body builds it for each call.
  static func trial<Parent: Reducer>(_ parent: Parent, actions count: Int) -> Trial
  where Parent.State == FiveChildren, Parent.Action == FiveChildrenAction {
    let actions = actions(count)
    let box = StateBox(FiveChildren())
    let reducer = opaque(parent)
    return Trial(
      run: {
        for action in actions { _ = reducer.reduce(into: &box.state, action: action) }
      },
      finish: {
        try check(box.state, after: count)
        return Outcome()
      })
  }
}

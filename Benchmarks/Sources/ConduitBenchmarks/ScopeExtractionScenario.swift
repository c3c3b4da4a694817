import Conduit

extension Scenario {
  /// Scenario 6: what `Scope`'s case extraction costs next to the `switch` it replaces.
  static let scopeExtraction = Scenario(
    name: "scope-extraction",
    title: "a parent of five child features handles actions for each child in turn, called "
      + "directly (no store)",
    unit: "action"
  ) { _ in
    let switched = "hand-written switch"
    let rebuilt = "five Scopes in `body`, as a Store runs it"
    let reused = "five Scopes, `body` built once and reused"
    let count = OperationCount.calibrated(minimum: 1_000, maximum: 1_000_000)
    return Plan(
      variants: [
        Variant(
          name: switched, count: count,
          prepare: { ScopeExtractionScenario.trial(SwitchParent(), actions: $0) }),
        Variant(
          name: rebuilt, count: count,
          prepare: { ScopeExtractionScenario.trial(ScopedParent(), actions: $0) }),
        Variant(
          name: reused, count: count,
          prepare: { ScopeExtractionScenario.trial(ScopedParent().body, actions: $0) }),
      ],
      comparisons: [
        Comparison(
          label: "Scopes in `body` − switch", kind: .difference, numerator: rebuilt,
          denominator: switched),
        Comparison(label: "Scopes in `body` / switch", numerator: rebuilt, denominator: switched),
        Comparison(
          label: "Scopes built once − switch", kind: .difference, numerator: reused,
          denominator: switched),
        Comparison(label: "Scopes built once / switch", numerator: reused, denominator: switched),
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
  static func trial<Parent: Reducer>(_ parent: Parent, actions count: Int) -> Trial
  where Parent.State == FiveChildren, Parent.Action == FiveChildrenAction {
    let cases: [(AddingChild.Action) -> FiveChildrenAction] = [
      FiveChildrenAction.first, FiveChildrenAction.second, FiveChildrenAction.third,
      FiveChildrenAction.fourth, FiveChildrenAction.fifth,
    ]
    let actions = (0..<count).map { cases[$0 % cases.count](.add(1)) }
    let box = StateBox(FiveChildren())
    let reducer = opaque(parent)
    return Trial(
      run: {
        for action in actions { _ = reducer.reduce(into: &box.state, action: action) }
      },
      finish: {
        let state = box.state
        let counts = [state.first, state.second, state.third, state.fourth, state.fifth]
        let expected = (0..<cases.count).map { count / cases.count + ($0 < count % 5 ? 1 : 0) }
        try require(counts == expected, "child counts \(counts) ≠ \(expected)")
        return Outcome()
      })
  }
}

import Conduit

extension Scenario {
  /// Scenario 4: what each level of scoping adds to a send made at the leaf.
  static let deep = Scenario(
    name: "deep",
    title: "a chain of nested `scope`s (each level a `Scope` reducer too); each send "
      + "increments the leaf's count through the leaf store",
    unit: "send"
  ) { _ in
    let sends = OperationCount.calibrated(minimum: 100, maximum: 200_000)
    let shallow = "chain of 1"
    let deep = "chain of 10"
    return Plan(
      variants: [
        Variant(
          name: shallow, count: sends, idealCallbacksPerOperation: 1,
          prepare: { DeepScenario.trial(root: Depth1.self, sends: $0, leaf: DeepScenario.leaf1) }),
        Variant(
          name: deep, count: sends, idealCallbacksPerOperation: 1,
          prepare: {
            DeepScenario.trial(root: Depth10.self, sends: $0, leaf: DeepScenario.leaf10)
          }),
      ],
      comparisons: [
        Comparison(label: "chain of 10 / chain of 1", numerator: deep, denominator: shallow)
      ])
  }
}

/// A value with a starting state, so nested generic states and reducers build themselves.
protocol Blank {
  init()
}

/// The state at the end of the chain.
struct Leaf: Equatable, Blank {
  var count = 0
}

/// The action at the end of the chain.
enum LeafAction: Sendable {
  case increment
}

/// The reducer at the end of the chain.
struct LeafFeature: Reducer, Blank {
  func reduce(into state: inout Leaf, action: LeafAction) -> Effect<LeafAction> {
    state.count += 1
    return .none
  }
}

/// One level of the chain: a parent holding its child's state.
struct Level<Child: Equatable & Blank>: Equatable, Blank {
  var child = Child()
}

/// One level's actions: the child's, embedded, and one of its own.
enum LevelAction<ChildAction: Sendable>: Sendable {
  case child(ChildAction)
  case reset
}

/// One level's reducer: the child's reducer through a `Scope`, then its own.
struct LevelFeature<Child: Reducer & Blank>: Reducer, Blank
where Child.State: Equatable & Blank, Child.Action: Sendable {
  var body: some Reducer<Level<Child.State>, LevelAction<Child.Action>> {
    Scope(state: \.child, action: LevelAction.child) { Child() }
    Reduce { state, action in
      if case .reset = action { state = Level() }
      return .none
    }
  }
}

typealias Depth1 = LevelFeature<LeafFeature>
typealias Depth2 = LevelFeature<Depth1>
typealias Depth3 = LevelFeature<Depth2>
typealias Depth4 = LevelFeature<Depth3>
typealias Depth5 = LevelFeature<Depth4>
typealias Depth6 = LevelFeature<Depth5>
typealias Depth7 = LevelFeature<Depth6>
typealias Depth8 = LevelFeature<Depth7>
typealias Depth9 = LevelFeature<Depth8>
typealias Depth10 = LevelFeature<Depth9>

/// The trials of scenario 4.
@MainActor
enum DeepScenario {
  static func trial<Root: Reducer & Blank>(
    root _: Root.Type, sends: Int, leaf: (Store<Root.State, Root.Action>) -> Store<Leaf, LeafAction>
  ) -> Trial where Root.State: Blank {
    let root = Store(initialState: Root.State(), reducer: Root())
    let leafStore = leaf(root)
    let counter = SubscribeCounter([leafStore])
    return Trial(
      run: {
        for _ in 0..<sends { leafStore.send(.increment) }
      },
      finish: {
        try require(leafStore.state.count == sends, "leaf count \(leafStore.count) ≠ \(sends)")
        return Outcome(callbacks: counter.count)
      })
  }

  /// One step down the chain.
  static func child<State, Action>(
    of store: Store<Level<State>, LevelAction<Action>>
  ) -> Store<State, Action> {
    store.scope(state: \.child, action: LevelAction.child)
  }

  static func leaf1(_ root: Store<Level<Leaf>, LevelAction<LeafAction>>) -> Store<
    Leaf, LeafAction
  > {
    child(of: root)
  }

  static func leaf10(_ root: Store<Depth10.State, Depth10.Action>) -> Store<Leaf, LeafAction> {
    let level9 = child(of: root)
    let level8 = child(of: level9)
    let level7 = child(of: level8)
    let level6 = child(of: level7)
    let level5 = child(of: level6)
    let level4 = child(of: level5)
    let level3 = child(of: level4)
    let level2 = child(of: level3)
    let level1 = child(of: level2)
    return child(of: level1)
  }
}

import Conduit

extension Scenario {
  /// Scenario 10: whether editing one screen of a navigation stack costs more when the stack is
  /// deeper (issue 10: a stack element update notifies one store only, at depth 1 and 1,000).
  static let stackDepth = Scenario(
    name: "stack-depth",
    title: "each send edits the top screen of a navigation stack; one live store per screen",
    unit: "send"
  ) { configuration in
    let depths = [1, 1_000]
    var plan = Plan()
    for observer in ObserverKind.allCases {
      func name(_ depth: Int) -> String {
        "screen stores, depth \(grouped(depth)) (\(observer.rawValue))"
      }
      for depth in depths {
        plan.variants.append(
          Variant(
            name: name(depth), count: .calibrated(minimum: 20, maximum: 200_000),
            idealCallbacksPerOperation: 1,
            prepare: { StackDepthScenario.trial(depth: depth, sends: $0, observer) }))
      }
      plan.comparisons.append(
        Comparison(
          label: "screen stores (\(observer.rawValue)): t(1,000) / t(1)",
          numerator: name(1_000), denominator: name(1), goal: Goal(atMost: 2, source: "issue 10")))
    }
    return plan
  }
}

/// A navigation stack of item screens, as `StackState` and the stack `forEach` make it.
struct StackFeature: Reducer {
  struct State {
    var path = StackState<Item>()
  }

  enum Action: Sendable {
    case path(StackAction<Item, ItemAction>)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.path, action: Action.path) { ItemFeature() }
  }
}

/// The trials of scenario 10.
@MainActor
enum StackDepthScenario {
  static func trial(depth: Int, sends: Int, _ observer: ObserverKind) -> Trial {
    var state = StackFeature.State()
    for item in makeItems(count: depth) { state.path.append(item) }
    let store = Store(initialState: state, reducer: StackFeature())
    // Held as a `NavigationStackStore` holds the screens of the stack it shows.
    let screens = store.scope(state: \.path, action: StackFeature.Action.path)
    let stores = Array(screens)
    let top = screens[screens.count - 1]
    let run: @MainActor () -> Void
    let callbacks: @MainActor () -> Int
    switch observer {
    case .subscribe:
      let counter = SubscribeCounter(stores)
      run = { for _ in 0..<sends { top.send(.toggleWatched) } }
      callbacks = { counter.count }
    case .observation:
      let counter = ObservationCounter(stores)
      run = {
        for _ in 0..<sends {
          top.send(.toggleWatched)
          counter.rearm()
        }
      }
      callbacks = { counter.count }
    }
    return Trial(
      run: run,
      finish: {
        let watched = store.state.path[store.state.path.count - 1].watched
        try require(watched == (sends % 2 == 1), "the top screen's watched mark is wrong")
        try require(
          store.state.path.dropLast().allSatisfy { !$0.watched }, "a lower screen changed")
        _ = screens
        return Outcome(callbacks: callbacks())
      })
  }
}

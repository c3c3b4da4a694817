import Conduit

extension Scenario {
  /// Scenario 1: the cost of one send, with and without an observer, against plain Swift.
  static let counter = Scenario(
    name: "counter",
    title: "sends of `increment` (`counter += 1`), up to 1,000,000 per repetition; no items",
    unit: "send"
  ) { _ in
    let sends = OperationCount.calibrated(minimum: 1_000, maximum: 1_000_000)
    let noObserver = "no observer"
    let subscribed = "one derived store observing counter (subscribe)"
    let observed = "one derived store observing counter (Observation)"
    let baseline = "baseline: plain struct, closure, one callback"
    return Plan(
      variants: [
        Variant(
          name: noObserver, count: sends,
          prepare: CounterScenario.withoutObserver),
        Variant(
          name: subscribed, count: sends, idealCallbacksPerOperation: 1,
          prepare: { CounterScenario.withObserver(sends: $0, observer: .subscribe) }),
        Variant(
          name: observed, count: sends, idealCallbacksPerOperation: 1,
          prepare: { CounterScenario.withObserver(sends: $0, observer: .observation) }),
        Variant(
          name: baseline, count: sends, idealCallbacksPerOperation: 1,
          prepare: CounterScenario.baseline),
      ],
      comparisons: [
        Comparison(label: "no observer / baseline", numerator: noObserver, denominator: baseline),
        Comparison(
          label: "derived store (subscribe) / baseline", numerator: subscribed,
          denominator: baseline),
        Comparison(
          label: "derived store (Observation) / baseline", numerator: observed,
          denominator: baseline),
      ])
  }
}

/// The trials of scenario 1.
@MainActor
enum CounterScenario {
  static func withoutObserver(sends: Int) -> Trial {
    let root = Store(initialState: ListState(items: []), reducer: ListFeature())
    return Trial(
      run: {
        for _ in 0..<sends { root.send(.increment) }
      },
      finish: {
        try require(root.state.counter == sends, "counter \(root.state.counter) ≠ \(sends)")
        return Outcome()
      })
  }

  static func withObserver(sends: Int, observer: ObserverKind) -> Trial {
    let root = Store(initialState: ListState(items: []), reducer: ListFeature())
    let view = root.observe { $0.counter }
    let run: @MainActor () -> Void
    let callbacks: @MainActor () -> Int
    switch observer {
    case .subscribe:
      let counter = SubscribeCounter([view])
      run = {
        for _ in 0..<sends { root.send(.increment) }
      }
      callbacks = { counter.count }
    case .observation:
      let counter = ObservationCounter([view])
      run = {
        for _ in 0..<sends {
          root.send(.increment)
          counter.rearm()
        }
      }
      callbacks = { counter.count }
    }
    return Trial(
      run: run,
      finish: {
        try require(view.state == sends, "observed counter \(view.state) ≠ \(sends)")
        try require(root.state.counter == sends, "counter \(root.state.counter) ≠ \(sends)")
        return Outcome(callbacks: callbacks())
      })
  }

  static func baseline(sends: Int) -> Trial {
    let tally = Tally()
    let model = PlainModel(
      reduce: opaque { state, action in
        if case .increment = action { state.counter += 1 }
      },
      onChange: opaque { state in
        tally.count += 1
        tally.last = state.counter
      })
    return Trial(
      run: {
        for _ in 0..<sends { model.send(.increment) }
      },
      finish: {
        try require(model.state.counter == sends, "counter \(model.state.counter) ≠ \(sends)")
        try require(tally.last == sends, "the callback last saw \(tally.last), not \(sends)")
        return Outcome(callbacks: tally.count)
      })
  }
}

/// What scenario 1 compares the store with: the least any state container can do.
@MainActor
final class PlainModel {
  private(set) var state = ListState(items: [])
  private let reduce: (inout ListState, ListAction) -> Void
  private let onChange: (ListState) -> Void

  init(
    reduce: @escaping (inout ListState, ListAction) -> Void,
    onChange: @escaping (ListState) -> Void
  ) {
    self.reduce = reduce
    self.onChange = onChange
  }

  @inline(never)
  func send(_ action: ListAction) {
    reduce(&state, action)
    onChange(state)
  }
}

/// A count that closures share.
@MainActor
final class Tally {
  var count = 0
  var last = 0
}

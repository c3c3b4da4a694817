import Conduit

extension Scenario {
  /// Scenario 11: what `printRenders()` costs a send while no store is traced, and once one is.
  static let renderTrace = Scenario(
    name: "render-trace",
    title: "sends of `increment` with one derived store observing `counter` (subscribe), "
      + "before and after `printRenders()`",
    unit: "send"
  ) { _ in
    let sends = OperationCount.calibrated(minimum: 1_000, maximum: 1_000_000)
    let off = "no store traced"
    let elsewhere = "another store traced"
    let traced = "this store traced, output discarded"
    return Plan(
      // In this order: once a store is traced, every send notes its action, so the first
      // variant must run before any trace starts.
      variants: [
        Variant(
          name: off, count: sends, idealCallbacksPerOperation: 1,
          prepare: { RenderTraceScenario.trial(sends: $0, trace: .none) }),
        Variant(
          name: elsewhere, count: sends, idealCallbacksPerOperation: 1,
          prepare: { RenderTraceScenario.trial(sends: $0, trace: .elsewhere) }),
        Variant(
          name: traced, count: sends, idealCallbacksPerOperation: 1,
          prepare: { RenderTraceScenario.trial(sends: $0, trace: .observedStore) }),
      ],
      comparisons: [
        Comparison(label: "another store traced / none", numerator: elsewhere, denominator: off),
        Comparison(label: "this store traced / none", numerator: traced, denominator: off),
      ])
  }
}

/// The trials of scenario 11.
@MainActor
enum RenderTraceScenario {
  enum Trace {
    case none
    /// A store of another root is traced, so render tracing is on for the process.
    case elsewhere
    /// The observed store is traced, its reports dropped.
    case observedStore
  }

  /// Kept alive across trials: tracing another store is what turns tracing on.
  static var otherRoot: Store<ListState, ListAction>?
  static var otherView: Store<Int, ListAction>?

  static func trial(sends: Int, trace: Trace) -> Trial {
    let root = Store(initialState: ListState(items: []), reducer: ListFeature())
    let view = root.observe { $0.counter }
    let counter = SubscribeCounter([view])
    let reports = Tally()
    switch trace {
    case .none:
      break
    case .elsewhere:
      if otherView == nil {
        let other = Store(initialState: ListState(items: []), reducer: ListFeature())
        otherRoot = other
        otherView = other.observe { $0.counter }
        otherView?.printRenders(to: { _ in })
      }
    case .observedStore:
      view.printRenders(to: { _ in reports.count += 1 })
    }
    return Trial(
      run: {
        for _ in 0..<sends { root.send(.increment) }
      },
      finish: {
        try require(view.state == sends, "observed counter \(view.state) ≠ \(sends)")
        #if DEBUG
          if case .observedStore = trace {
            try require(reports.count == sends, "\(reports.count) reports for \(sends) sends")
          }
        #endif
        return Outcome(callbacks: counter.count)
      })
  }
}

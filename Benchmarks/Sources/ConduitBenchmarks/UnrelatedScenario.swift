import Conduit

extension Scenario {
  /// Scenario 3: what live item stores cost a send that changes nothing they read.
  static let unrelated = Scenario(
    name: "unrelated",
    title: "10,000 items, one live store per item; each send increments `counter`, which no "
      + "item store reads",
    unit: "send"
  ) { configuration in
    let itemCount = 10_000
    var plan = Plan()
    for kind in itemStoreKinds {
      guard case .live(let fixture) = kind else {
        if case .pending(let label) = kind { plan.pending.append("\(label) (issue 3)") }
        continue
      }
      let reference = "\(fixture.label): root only, no item stores"
      plan.variants.append(
        Variant(
          name: reference, count: .calibrated(minimum: 100, maximum: 1_000_000),
          prepare: { UnrelatedScenario.trial(fixture, itemCount: itemCount, sends: $0, nil) }))
      for observer in ObserverKind.allCases {
        let name = "\(fixture.label) (\(observer.rawValue))"
        plan.variants.append(
          Variant(
            name: name, count: .calibrated(minimum: 20, maximum: 1_000_000),
            idealCallbacksPerOperation: 0,
            prepare: {
              UnrelatedScenario.trial(fixture, itemCount: itemCount, sends: $0, observer)
            }))
        plan.comparisons.append(
          Comparison(
            label: "\(name) / root only", numerator: name, denominator: reference,
            goal: Goal(atMost: 2, source: "issue 5")))
      }
    }
    return plan
  }
}

/// The trials of scenario 3.
@MainActor
enum UnrelatedScenario {
  /// A trial with one observed store per item, or with no item stores when `observer` is nil:
  /// the reference, which is scenario 1's send on this scenario's state.
  static func trial(
    _ fixtureType: any ItemStoreFixture.Type, itemCount: Int, sends: Int,
    _ observer: ObserverKind?
  ) -> Trial {
    let fixture = fixtureType.init(itemCount: itemCount)
    let stores = observer == nil ? [] : fixture.makeItemStores()
    var run: @MainActor () -> Void = {
      for _ in 0..<sends { fixture.sendIncrement() }
    }
    var callbacks: (@MainActor () -> Int)?
    switch observer {
    case nil:
      break
    case .subscribe:
      let counter = SubscribeCounter(stores)
      callbacks = { counter.count }
    case .observation:
      let counter = ObservationCounter(stores)
      run = {
        for _ in 0..<sends {
          fixture.sendIncrement()
          counter.rearm()
        }
      }
      callbacks = { counter.count }
    }
    return Trial(
      run: run,
      finish: {
        try require(fixture.counter == sends, "counter \(fixture.counter) ≠ \(sends)")
        try verifyItems(fixture, stores) { _ in 0 }
        return Outcome(callbacks: callbacks?())
      })
  }
}

import Conduit

extension Scenario {
  /// Scenario 2: whether a send's cost grows with the number of live item stores that did not
  /// change.
  static let fanout = Scenario(
    name: "fanout",
    title: "each send toggles one item's `watched`, round-robin; one live store per item",
    unit: "send"
  ) { configuration in
    let sizes = configuration.quick ? [10, 1_000, 10_000] : [10, 1_000, 10_000, 100_000]
    var plan = Plan()
    for kind in itemStoreKinds {
      guard case .live(let fixture) = kind else {
        if case .pending(let label) = kind { plan.pending.append("\(label), every N (issue 3)") }
        continue
      }
      for observer in ObserverKind.allCases {
        let label = fixture.label
        func name(_ size: Int) -> String {
          "\(label), N = \(grouped(size)) (\(observer.rawValue))"
        }
        for size in sizes {
          plan.variants.append(
            Variant(
              name: name(size), count: .calibrated(minimum: 20, maximum: 200_000),
              idealCallbacksPerOperation: 1,
              prepare: { FanoutScenario.trial(fixture, itemCount: size, sends: $0, observer) }))
        }
        let largest = sizes[sizes.count - 1]
        plan.comparisons.append(
          Comparison(
            label: "\(fixture.label) (\(observer.rawValue)): t(\(grouped(largest))) / t(10)",
            numerator: name(largest), denominator: name(10),
            goal: largest == 100_000 ? Goal(atMost: 2, source: "issue 3") : nil))
      }
    }
    return plan
  }
}

/// The trials of scenario 2.
@MainActor
enum FanoutScenario {
  static func trial(
    _ fixtureType: any ItemStoreFixture.Type, itemCount: Int, sends: Int,
    _ observer: ObserverKind
  ) -> Trial {
    let fixture = fixtureType.init(itemCount: itemCount)
    let stores = fixture.makeItemStores()
    let run: @MainActor () -> Void
    let callbacks: @MainActor () -> Int
    switch observer {
    case .subscribe:
      let counter = SubscribeCounter(stores)
      run = {
        for send in 0..<sends { stores[send % itemCount].send(.toggleWatched) }
      }
      callbacks = { counter.count }
    case .observation:
      let counter = ObservationCounter(stores)
      run = {
        for send in 0..<sends {
          stores[send % itemCount].send(.toggleWatched)
          counter.rearm()
        }
      }
      callbacks = { counter.count }
    }
    return Trial(
      run: run,
      finish: {
        try verifyItems(fixture, stores) { index in
          sends / itemCount + (index < sends % itemCount ? 1 : 0)
        }
        return Outcome(callbacks: callbacks())
      })
  }
}

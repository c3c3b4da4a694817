import Conduit

extension Scenario {
  /// Scenario 7: the memory one live store per item costs.
  static let memory = Scenario(
    name: "memory",
    title: "create one live store per item for 100,000 items; bytes each store keeps alive",
    unit: "store"
  ) { configuration in
    let itemCount = configuration.count(100_000)
    var plan = Plan()
    for kind in itemStoreKinds {
      switch kind {
      case .live(let fixture):
        plan.variants.append(
          Variant(
            name: fixture.label, count: .fixed(itemCount),
            metrics: [
              MetricSpec(
                name: "heap bytes per store", unit: "bytes", goal: fixture.bytesPerStoreGoal)
            ],
            prepare: { MemoryScenario.trial(fixture, itemCount: $0) }))
      case .pending(let label):
        plan.pending.append("\(label) (issue 3)")
      }
    }
    return plan
  }
}

/// The trials of scenario 7.
@MainActor
enum MemoryScenario {
  static func trial(_ fixtureType: any ItemStoreFixture.Type, itemCount: Int) -> Trial {
    let fixture = fixtureType.init(itemCount: itemCount)
    let box = StateBox([Store<Item, ItemAction>]())
    // Read outside the timed work; what the trial's own closures take is a few hundred bytes,
    // nothing per store.
    let heapBefore = ProcessMemory.heapBytesInUse()
    return Trial(
      run: {
        box.state = fixture.makeItemStores()
      },
      finish: {
        let heapAfter = ProcessMemory.heapBytesInUse()
        let stores = box.state
        try require(stores.count == itemCount, "\(stores.count) stores for \(itemCount) items")
        try verifyItems(fixture, stores) { _ in 0 }
        // The array that holds the stores is the view's, not the stores' cost.
        let holder = stores.capacity * MemoryLayout<Store<Item, ItemAction>>.stride
        var metrics: [String: Double] = [:]
        if let heapBefore, let heapAfter {
          let growth = heapAfter - heapBefore - holder
          metrics["heap bytes per store"] = Double(growth) / Double(itemCount)
        }
        return Outcome(metrics: metrics)
      })
  }
}

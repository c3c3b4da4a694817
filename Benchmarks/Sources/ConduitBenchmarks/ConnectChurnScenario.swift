import Conduit

extension Scenario {
  /// Scenario 5: a view body calling `connect(using:)` on every evaluation.
  static let connectChurn = Scenario(
    name: "connect-churn",
    title: "each send: a body calls `connect(using:)`, reads the view state, sends `increment` "
      + "through the store it got",
    unit: "send"
  ) { _ in
    let sends = OperationCount.calibrated(minimum: 100, maximum: 100_000)
    let metrics = [
      MetricSpec(name: "live connected stores after the run", unit: "stores"),
      MetricSpec(name: "heap retained per send", unit: "bytes"),
    ]
    return Plan(
      variants: ConnectChurnScenario.Case.allCases.map { churn in
        Variant(
          name: churn.rawValue, count: sends, metrics: metrics,
          prepare: { ConnectChurnScenario.trial(churn, sends: $0) })
      })
  }
}

/// The counter as a view shows it: the view state is `counter`.
struct CounterConnector: Connector, Hashable {
  func connect(state: ListState) -> Int { state.counter }
  func connect(action: CounterViewAction) -> ListAction { .increment }
}

/// The same connector without `Hashable`, so `connect(using:)` cannot reuse a live store.
struct UncachedCounterConnector: Connector {
  func connect(state: ListState) -> Int { state.counter }
  func connect(action: CounterViewAction) -> ListAction { .increment }
}

/// What the counter view can send.
enum CounterViewAction: Equatable {
  case incrementTapped
}

/// The trials of scenario 5.
@MainActor
enum ConnectChurnScenario {
  enum Case: String, CaseIterable {
    /// The view keeps the store its last body got, so an equal connector finds it alive.
    case cachedAndHeld = "Hashable connector, view holds its store"
    /// Nothing keeps the store between sends: each body creates one, each send drops it.
    case cachedAndDropped = "Hashable connector, store dropped after each send"
    /// A new store every body; the view drops the previous one when it takes the new one.
    case uncachedAndHeld = "non-Hashable connector, view holds its store"

    /// What the view holds after the run: the ideal number of live connected stores.
    var held: Int { self == .cachedAndDropped ? 0 : 1 }
  }

  /// The sends after the timed run that count which stores stay alive.
  static let trackedSends = 1_000

  static func trial(_ churn: Case, sends: Int) -> Trial {
    let root = Store(initialState: ListState(items: []), reducer: ListFeature())
    let view = View(root: root, churn: churn)
    let heapBefore = ProcessMemory.heapBytesInUse()
    return Trial(
      run: {
        for _ in 0..<sends { view.evaluateBodyAndTap() }
      },
      finish: {
        var metrics: [String: Double] = [:]
        if let heapBefore, let heapAfter = ProcessMemory.heapBytesInUse() {
          metrics["heap retained per send"] = Double(heapAfter - heapBefore) / Double(sends)
        }
        var seen = WeakStores()
        for _ in 0..<trackedSends { seen.append(view.evaluateBodyAndTap()) }
        let live = seen.liveCount
        try require(
          live == churn.held, "\(live) connected stores alive; the view holds \(churn.held)")
        metrics["live connected stores after the run"] = Double(live)
        let expected = sends + trackedSends
        try require(root.state.counter == expected, "counter \(root.state.counter) ≠ \(expected)")
        if let held = view.held { try require(held.state == expected, "the view shows \(held)") }
        return Outcome(metrics: metrics)
      })
  }

  /// A stand-in for a SwiftUI view whose body connects to the root store.
  @MainActor
  final class View {
    let root: Store<ListState, ListAction>
    let churn: Case
    private(set) var held: Store<Int, CounterViewAction>?

    init(root: Store<ListState, ListAction>, churn: Case) {
      self.root = root
      self.churn = churn
    }

    /// Runs the body, then sends what a tap would; returns the store the body got.
    @discardableResult
    func evaluateBodyAndTap() -> Store<Int, CounterViewAction> {
      let store =
        churn == .uncachedAndHeld
        ? root.connect(using: UncachedCounterConnector())
        : root.connect(using: CounterConnector())
      blackHole(store.state)
      if churn != .cachedAndDropped { held = store }
      store.send(.incrementTapped)
      return store
    }
  }
}

/// Weak references to stores, to count how many are still alive.
struct WeakStores {
  private struct Reference {
    weak var store: AnyObject?
  }

  private var references: [Reference] = []

  mutating func append(_ store: AnyObject) {
    references.append(Reference(store: store))
  }

  /// The number of distinct stores still alive.
  var liveCount: Int {
    Set(references.compactMap { $0.store.map(ObjectIdentifier.init) }).count
  }
}

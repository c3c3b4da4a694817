import Testing

@testable import Conduit

/// Random trees of derived, scoped, observed and connected stores under random actions: after
/// every send, each live store holds its derivation of the root, and has been notified exactly
/// as often as its state really changed.
@MainActor
@Suite struct PropertyTests {
  struct State: Equatable {
    var a = 0
    var b = 0
    var text = ""
    var list: [Int] = []
  }

  enum Action: Equatable {
    case setA(Int)
    case setB(Int)
    case append(Int)
    case setText(String)
    case removeFirst
    case noop
  }

  static let reducer = Reduce<State, Action> { state, action in
    switch action {
    case .setA(let value): state.a = value
    case .setB(let value): state.b = value
    case .append(let value): state.list.append(value)
    case .setText(let text): state.text = text
    case .removeFirst: if !state.list.isEmpty { state.list.removeFirst() }
    case .noop: break
    }
    return .none
  }

  /// One store of the tree with what the test expects of it.
  @MainActor
  final class Node {
    let store: AnyObject
    /// The node's state read untracked, for comparing.
    let read: @MainActor () -> [Int]
    /// The derivation of this node from the root state, computed independently.
    let expected: @MainActor (State) -> [Int]
    var notifications = 0
    var observed: ObservationCount<[Int], Action>?
    var changes = 0
    var last: [Int]
    var subscription: Subscription?

    init(
      store: AnyObject, read: @escaping @MainActor () -> [Int],
      expected: @escaping @MainActor (State) -> [Int], initial: [Int]
    ) {
      self.store = store
      self.read = read
      self.expected = expected
      self.last = initial
    }
  }

  /// The kinds of derivation a node can apply to its parent's `[Int]` view of the state.
  enum Derivation: CaseIterable {
    case first, count, sum, parity, dropFirst, identity

    func apply(_ values: [Int]) -> [Int] {
      switch self {
      case .first: values.first.map { [$0] } ?? []
      case .count: [values.count]
      case .sum: [values.reduce(0, &+)]
      case .parity: values.map { $0 & 1 }
      case .dropFirst: Array(values.dropFirst())
      case .identity: values
      }
    }
  }

  struct DerivationConnector: Connector, Hashable {
    let derivation: Derivation
    func connect(state: [Int]) -> [Int] { derivation.apply(state) }
    func connect(action: Action) -> Action { action }
  }

  static func rootView(_ state: State) -> [Int] {
    [state.a, state.b, state.text.count] + state.list
  }

  @Test(arguments: 0..<20)
  func everyLiveStoreMatchesItsDerivationAndIsNotifiedOncePerChange(seed: Int) {
    // Stores made after the last random send are read and freed unchanged at the end, which is
    // what the read-and-freed warning looks for; here it is intended.
    RuntimeWarnings.$handler.withValue(RuntimeWarnings.Handler { _ in }) {
      checkEveryLiveStore(seed: seed)
    }
  }

  private func checkEveryLiveStore(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let root = Store(initialState: State(), reducer: Self.reducer)
    let base = root.observe(Self.rootView)
    var nodes: [Node] = []

    func track(
      _ store: Store<[Int], Action>, expected: @escaping @MainActor (State) -> [Int]
    ) -> Node {
      let node = Node(
        store: store, read: { store.currentState }, expected: expected, initial: store.state)
      node.subscription = store.subscribe { [unowned node] _ in node.notifications += 1 }
      node.observed = ObservationCount(store)
      nodes.append(node)
      return node
    }

    func grow(
      from store: Store<[Int], Action>, expected: @escaping @MainActor (State) -> [Int], depth: Int
    ) {
      guard depth < 4 else { return }
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let derivation = Derivation.allCases.randomElement(using: &random)!
        let childExpected: @MainActor (State) -> [Int] = { derivation.apply(expected($0)) }
        let child: Store<[Int], Action>
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          child = store.derived(deriveState: derivation.apply, embedAction: { $0 })
        case 1:
          child = store.observe(derivation.apply)
        case 2:
          child = store.connect(using: DerivationConnector(derivation: derivation))
        default:
          child = store.derived(
            deriveState: derivation.apply, embedAction: { $0 },
            removeDuplicates: { $0 == $1 })
        }
        _ = track(child, expected: childExpected)
        if Bool.random(using: &random) {
          grow(from: child, expected: childExpected, depth: depth + 1)
        }
      }
    }

    _ = track(base, expected: Self.rootView)
    grow(from: base, expected: Self.rootView, depth: 1)

    for _ in 0..<200 {
      let action: Action =
        switch Int.random(in: 0..<6, using: &random) {
        case 0: .setA(Int.random(in: 0..<3, using: &random))
        case 1: .setB(Int.random(in: 0..<3, using: &random))
        case 2: .append(Int.random(in: 0..<5, using: &random))
        case 3: .setText(["", "a", "bb"].randomElement(using: &random)!)
        case 4: .removeFirst
        default: .noop
        }
      // Sometimes a view goes away.
      if Int.random(in: 0..<40, using: &random) == 0, nodes.count > 1 {
        let index = Int.random(in: 1..<nodes.count, using: &random)
        nodes[index].subscription?.cancel()
        nodes.remove(at: index)
      }
      root.send(action)

      for node in nodes {
        let expected = node.expected(root.state)
        #expect(node.read() == expected)
        if expected != node.last {
          node.changes += 1
          node.last = expected
        }
        #expect(node.notifications == node.changes)
        #expect(node.observed?.count == node.changes)
      }
    }
  }
}

/// A small, seedable generator so failures reproduce (SplitMix64, public domain algorithm).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

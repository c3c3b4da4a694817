import Testing

@testable import Conduit

/// Random edits, inserts, removes, moves and replacements of a list, watched by row stores and
/// stores derived from them: after every send, each live row store holds its row of the root
/// state (or, once removed, its last one), every store was notified exactly as often as its
/// state changed, and the collection was notified exactly when the order changed.
@MainActor
@Suite struct ListPropertyTests {
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case add(Int, at: Int)
    case remove(Int)
    case move(from: Int, to: Int)
    case replace([Int])
    case renameAll(String)
    case increment
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var counter = 0
  }

  static var reducer: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .add(let id, let offset):
        state.rows.insert(Row.State(id: id, title: "\(id)"), at: min(offset, state.rows.count))
      case .remove(let id): state.rows.remove(id: id)
      case .move(let from, let to): state.rows.move(fromOffsets: [from], toOffset: to)
      case .replace(let ids):
        state.rows = IdentifiedArray(
          uniqueElements: ids.map { state.rows[id: $0] ?? Row.State(id: $0, title: "\($0)") })
      case .renameAll(let title):
        for index in state.rows.indices { state.rows[index].title = title }
      case .increment: state.counter += 1
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { Row() }
  }

  /// A watched store: its state read untracked, the state it should hold, and counts.
  @MainActor
  final class Watched {
    let read: @MainActor () -> String
    let expected: @MainActor (State) -> String?
    var last: String
    var changes = 0
    var notifications = 0
    var observed: (@MainActor () -> Int)?
    var subscription: Subscription?

    init(read: @escaping @MainActor () -> String, expected: @escaping @MainActor (State) -> String?)
    {
      self.read = read
      self.expected = expected
      self.last = read()
    }
  }

  @Test(arguments: 0..<12)
  func rowStoresMatchTheirRowsAndAreNotifiedOncePerChange(seed: Int) {
    // Stores made after the last random send are read and freed unchanged at the end, which is
    // what the read-and-freed warning looks for; here it is intended.
    RuntimeWarnings.$handler.withValue({ _ in }) { checkRowStores(seed: seed) }
  }

  private func checkRowStores(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 1_000)
    var nextID = 0
    let initial = (0..<8).map { id -> Row.State in
      nextID = id + 1
      return Row.State(id: id, title: "\(id)")
    }
    let root = Store(
      initialState: State(rows: IdentifiedArray(uniqueElements: initial)), reducer: Self.reducer)
    var watched: [Watched] = []
    var rows = root.scope(state: \.rows, action: Action.rows)
    var orders: [[Int]] = []
    let orderSubscription = rows.subscribe { orders.append($0.ids) }
    var expectedOrders: [[Int]] = []

    func watch<S: Equatable & CustomStringConvertible, A>(
      _ store: Store<S, A>, expected: @escaping @MainActor (State) -> String?
    ) {
      let entry = Watched(read: { store.currentState.description }, expected: expected)
      entry.subscription = store.subscribe { [unowned entry] _ in entry.notifications += 1 }
      let count = ObservationCount(store)
      entry.observed = { count.count }
      watched.append(entry)
    }

    func watchRow(_ row: Store<Row.State, Row.Action>) {
      let id = row.currentState.id
      watch(row.observe { "\($0.id) \($0.title) \($0.isOn)" }) { state in
        state.rows[id: id].map { "\($0.id) \($0.title) \($0.isOn)" }
      }
      if Bool.random(using: &random) {
        let isOn = row.observe(\.isOn)
        watch(isOn) { $0.rows[id: id].map { "\($0.isOn)" } }
        if Bool.random(using: &random) {
          watch(isOn.observe { $0 ? 1 : 0 }) { $0.rows[id: id].map { "\($0.isOn ? 1 : 0)" } }
        }
      }
    }

    rows.forEach(watchRow)

    for _ in 0..<300 {
      let ids = root.state.rows.ids
      let action: Action =
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          .add(nextID, at: Int.random(in: 0...ids.count, using: &random))
        case 1 where !ids.isEmpty:
          .remove(ids.randomElement(using: &random)!)
        case 2 where ids.count > 1:
          .move(
            from: Int.random(in: 0..<ids.count, using: &random),
            to: Int.random(in: 0...ids.count, using: &random))
        case 3:
          .replace(ids.shuffled(using: &random).dropLast(Int.random(in: 0...1, using: &random)))
        case 4:
          .renameAll(["a", "b"].randomElement(using: &random)!)
        case 5:
          .increment
        default:
          ids.isEmpty
            ? .increment
            : .rows(
              .element(
                id: ids.randomElement(using: &random)!,
                action: Bool.random(using: &random)
                  ? .toggled : .renamed(["x", "y"].randomElement(using: &random)!)))
        }
      if case .add = action { nextID += 1 }

      let before = root.state.rows.ids
      root.send(action)
      if root.state.rows.ids != before { expectedOrders.append(root.state.rows.ids) }

      // Views come and go: sometimes re-scope and watch the new rows.
      if Int.random(in: 0..<5, using: &random) == 0 {
        let known = Set(rows.ids)
        rows = root.scope(state: \.rows, action: Action.rows)
        rows.filter { !known.contains($0.currentState.id) }.forEach(watchRow)
        #expect(rows.ids == root.state.rows.ids)
        #expect(rows.map(\.currentState) == Array(root.state.rows))
      }

      for entry in watched {
        let expected = entry.expected(root.state) ?? entry.last
        #expect(entry.read() == expected)
        if expected != entry.last {
          entry.changes += 1
          entry.last = expected
        }
        #expect(entry.notifications == entry.changes)
        #expect(entry.observed?() == entry.changes)
      }
    }
    #expect(orders == expectedOrders)
    orderSubscription.cancel()
  }
}

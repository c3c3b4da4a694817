import Conduit

/// A root store of N items and a way to give every item its own live store, as a list view
/// does; scenarios 2, 3 and 7 run the same work over each kind of item store.
///
/// Issue 3's row stores join by conforming a type to this protocol and listing it in
/// ``itemStoreKinds``; nothing else in the scenarios changes.
@MainActor
protocol ItemStoreFixture: AnyObject {
  /// The variant's name in the report, such as "derived store per item".
  static var label: String { get }

  /// Creates the root store with items 0 to `itemCount - 1` and no item stores yet.
  init(itemCount: Int)

  /// Creates one store per item, in order. The caller holds them, as the views would.
  func makeItemStores() -> [Store<Item, ItemAction>]

  /// Sends the root's `increment` action, which changes only `counter`.
  func sendIncrement()

  /// The root state's counter.
  var counter: Int { get }

  /// The root state's item at `index`.
  func item(at index: Int) -> Item

  /// The most heap one live item store may cost, when an issue sets a goal (scenario 7).
  static var bytesPerStoreGoal: Goal? { get }
}

extension ItemStoreFixture {
  static var bytesPerStoreGoal: Goal? { nil }
}

/// A kind of per-item store to measure, or one another issue has yet to deliver.
enum ItemStoreKind {
  case live(any ItemStoreFixture.Type)
  case pending(label: String)
}

/// The kinds of per-item store scenarios 2, 3 and 7 measure, in report order.
@MainActor
let itemStoreKinds: [ItemStoreKind] = [
  .live(DerivedItemStores.self),
  .live(RowItemStores.self),
]

/// One `derived` store per item: `store.derived(deriveState: { $0.items[i] }, …)`.
///
/// Every derived store recomputes its state after every change of the root, so a send costs
/// O(N) here by design; it is the comparison the row stores of issue 3 must beat.
final class DerivedItemStores: ItemStoreFixture {
  static let label = "derived store per item"

  private let root: Store<ListState, ListAction>

  init(itemCount: Int) {
    root = Store(
      initialState: ListState(items: makeItems(count: itemCount)), reducer: ListFeature())
  }

  func makeItemStores() -> [Store<Item, ItemAction>] {
    root.state.items.indices.map { index in
      root.derived(
        deriveState: { $0.items[index] },
        embedAction: { .item(index: index, action: $0) })
    }
  }

  func sendIncrement() {
    root.send(.increment)
  }

  var counter: Int { root.state.counter }

  func item(at index: Int) -> Item {
    root.state.items[index]
  }
}

/// Checks that item `i` of the root was toggled `toggles(i)` times, and that every item store
/// holds exactly its item of the root state.
@MainActor
func verifyItems(
  _ fixture: any ItemStoreFixture, _ stores: [Store<Item, ItemAction>],
  toggles: (Int) -> Int
) throws {
  for (index, store) in stores.enumerated() {
    let item = fixture.item(at: index)
    let expected = Item(
      id: index, title: "Item \(index)", watched: !toggles(index).isMultiple(of: 2))
    try require(item == expected, "the root holds \(item) where \(expected) was expected")
    try require(store.state == item, "the store of item \(index) holds \(store.state)")
  }
}

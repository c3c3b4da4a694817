import Conduit

/// One row store per item, from `store.scope(state: \.rows, action: RowListAction.rows)`.
///
/// The row stores of issue 3: the collection replays the array's change log, so a send that
/// edits one row updates one store, and a send elsewhere costs a version comparison.
final class RowItemStores: ItemStoreFixture {
  static let label = "row store per item"
  static var bytesPerStoreGoal: Goal? { Goal(atMost: 1024, source: "issue 3") }

  private let root: Store<RowListState, RowListAction>
  /// Held as a `ForEach` holds its data.
  private var rows: StoreCollection<Int, Item, ItemAction>?

  init(itemCount: Int) {
    root = Store(
      initialState: RowListState(
        items: IdentifiedArray(uniqueElements: makeItems(count: itemCount))),
      reducer: RowListFeature())
  }

  func makeItemStores() -> [Store<Item, ItemAction>] {
    let rows = root.scope(state: \.items, action: RowListAction.rows)
    self.rows = rows
    return Array(rows)
  }

  func sendIncrement() {
    root.send(.increment)
  }

  var counter: Int { root.state.counter }

  func item(at index: Int) -> Item {
    root.state.items[index]
  }
}

/// ``ListState`` with the items in an `IdentifiedArray`, as row stores need.
struct RowListState {
  var counter = 0
  var items: IdentifiedArrayOf<Item>
}

/// The actions of ``RowListState``.
enum RowListAction: Sendable {
  case increment
  case rows(IdentifiedAction<Int, ItemAction>)
}

/// The reducer of ``RowListState``: the item reducer joined with `forEach`.
struct RowListFeature: Reducer {
  var body: some Reducer<RowListState, RowListAction> {
    Reduce { state, action in
      if case .increment = action { state.counter += 1 }
      return .none
    }
    .forEach(\.items, action: RowListAction.rows) { ItemFeature() }
  }
}

import Conduit

/// One item of the list: `{ id: Int, title: String, watched: Bool }`, as the README defines it.
///
/// Titles are "Item 0" to "Item 99999": at most 15 bytes, so Swift stores them inline and
/// copying an item never touches the heap.
struct Item: Equatable, Identifiable, Sendable {
  var id: Int
  var title: String
  var watched: Bool
}

/// What a row can do to its item.
enum ItemAction: Equatable, Sendable {
  case toggleWatched
}

/// The reducer of one item.
struct ItemFeature: Reducer {
  func reduce(into state: inout Item, action: ItemAction) -> Effect<ItemAction> {
    switch action {
    case .toggleWatched:
      state.watched.toggle()
      return .none
    }
  }
}

/// The state every list scenario shares: a counter beside N items.
///
/// The items are a plain array whose index is the item's id. Row stores (issue 3) need an
/// `IdentifiedArray` and have their own state type in their fixture.
struct ListState {
  var counter = 0
  var items: [Item]
}

/// The actions of ``ListState``.
enum ListAction: Sendable {
  case increment
  case item(index: Int, action: ItemAction)
}

/// The reducer of ``ListState``, mutating in place so no send copies the array.
struct ListFeature: Reducer {
  func reduce(into state: inout ListState, action: ListAction) -> Effect<ListAction> {
    switch action {
    case .increment:
      state.counter += 1
      return .none
    case .item(let index, let action):
      // ItemFeature returns no effects, so there is nothing to embed.
      _ = ItemFeature().reduce(into: &state.items[index], action: action)
      return .none
    }
  }
}

/// Items 0 to `count - 1`, none watched.
func makeItems(count: Int) -> [Item] {
  (0..<count).map { Item(id: $0, title: "Item \($0)", watched: false) }
}

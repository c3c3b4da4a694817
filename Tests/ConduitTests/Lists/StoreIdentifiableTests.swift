import Observation
import Testing

@_spi(Testing) @testable import Conduit

/// The shape of SwiftUI's `ForEach(_:content:)` for `Identifiable` data, which Linux lacks: code
/// that compiles against it compiles against `ForEach`.
func forEachShaped<C: RandomAccessCollection>(
  _ data: C, content: (C.Element) -> Void
) where C.Element: Identifiable {
  for element in data { content(element) }
}

/// The ids a `ForEach` would read from `data`.
func idsShaped<C: RandomAccessCollection>(_ data: C) -> [C.Element.ID]
where C.Element: Identifiable {
  data.map(\.id)
}

@MainActor
@Suite struct StoreIdentifiableTests {
  func makeStore() -> Store<ListFeature.State, ListFeature.Action> {
    Store(initialState: ListFeature.State(rows: ListFeature.rows(1...3)), reducer: ListFeature())
  }

  @Test func rowStoresAreForEachDataIdentifiedByTheirRows() {
    let store = makeStore()
    var titles: [String] = []
    forEachShaped(store.scope(state: \.rows, action: ListFeature.Action.rows)) { row in
      titles.append(row.title)
    }
    #expect(titles == ["row 1", "row 2", "row 3"])
    #expect(idsShaped(store.scope(state: \.rows, action: ListFeature.Action.rows)) == [1, 2, 3])
  }

  @Test func aRowStoresIDFollowsItsRowWhenRowsMove() {
    let store = makeStore()
    store.send(.move(from: 2, to: 0))
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    #expect(rows.map(\.id) == [3, 1, 2])
    #expect(rows[0].id == rows[0].state.id)
  }

  @Test func readingTheIDDoesNotObserveTheRowsState() {
    let store = makeStore()
    let row = store.scope(state: \.rows, action: ListFeature.Action.rows)[0]
    let changes = Locked(0)
    withObservationTracking {
      _ = row.id
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.rows(.element(id: 1, action: .toggled)))
    #expect(row.state.isOn)
    #expect(changes.withLock { $0 } == 0)
  }
}

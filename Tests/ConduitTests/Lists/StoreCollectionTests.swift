import Observation
import Testing

@testable import Conduit

@MainActor
@Suite struct StoreCollectionTests {
  func makeStore(_ ids: ClosedRange<Int> = 1...3) -> Store<ListFeature.State, ListFeature.Action> {
    Store(initialState: ListFeature.State(rows: ListFeature.rows(ids)), reducer: ListFeature())
  }

  @Test func rowStoresFollowTheArrayInOrder() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    #expect(rows.map(\.state.id) == [1, 2, 3])
    #expect(rows.ids == [1, 2, 3])
  }

  @Test func rowStoreSendsItsActionForItsID() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    rows[1].send(.toggled)
    #expect(store.state.rows[id: 2]?.isOn == true)
    #expect(rows[1].state.isOn == true)
  }

  @Test func editingOneRowNotifiesOnlyThatRowsStore() {
    let store = makeStore(1...50)
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)
    var callbacks = Array(repeating: 0, count: rows.count)
    let subscriptions = rows.enumerated().map { index, row in
      row.subscribe { _ in callbacks[index] += 1 }
    }
    var collectionCallbacks = 0
    let collectionSubscription = rows.subscribe { _ in collectionCallbacks += 1 }

    store.send(.rows(.element(id: 7, action: .toggled)))

    #expect(observed.map(\.count) == (1...50).map { $0 == 7 ? 1 : 0 })
    #expect(callbacks == (1...50).map { $0 == 7 ? 1 : 0 })
    #expect(collectionCallbacks == 0)
    subscriptions.forEach { $0.cancel() }
    collectionSubscription.cancel()
  }

  @Test func unrelatedChangeNotifiesNoRow() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)

    store.send(.increment)

    #expect(observed.map(\.count) == [0, 0, 0])
  }

  @Test func editThatLeavesTheRowEqualNotifiesNoOne() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)

    store.send(.rows(.element(id: 1, action: .renamed("row 1"))))

    #expect(observed.map(\.count) == [0, 0, 0])
  }

  @Test func rowStoresKeepTheirIdentityWhileTheirIDStays() {
    let store = makeStore()
    let first = store.scope(state: \.rows, action: ListFeature.Action.rows)

    store.send(.add(4))
    store.send(.remove(1))
    store.send(.move(from: 2, to: 0))
    let second = store.scope(state: \.rows, action: ListFeature.Action.rows)

    #expect(second.ids == [4, 2, 3])
    #expect(second[1] === first[1])
    #expect(second[2] === first[2])
  }

  @Test func scopingTheSameKeyPathAgainSharesTheCollection() {
    let store = makeStore()
    var collections: [StoreCollection<Int, Row.State, Row.Action>] = []
    for _ in 0..<2 {
      collections.append(store.scope(state: \.rows, action: ListFeature.Action.rows))
    }
    #expect(collections[0][0] === collections[1][0])
    #expect(store.core.children.count == 1)
  }

  @Test func insertingRemovingAndMovingNotifyTheCollection() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    var orders: [[Int]] = []
    let subscription = rows.subscribe { orders.append($0.ids) }
    let observed = ObservationCount(store.observe(\.counter))

    store.send(.add(4))
    store.send(.remove(2))
    store.send(.move(from: 0, to: 3))
    store.send(.increment)

    #expect(orders == [[1, 2, 3, 4], [1, 3, 4], [3, 4, 1]])
    #expect(observed.count == 1)
    subscription.cancel()
  }

  @Test func insertingAndRemovingARowInOneSendLeavesTheCollectionUnnotified() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    var orders: [[Int]] = []
    let subscription = rows.subscribe { orders.append($0.ids) }

    store.send(.addThenRemove(7))

    #expect(orders.isEmpty)
    subscription.cancel()
  }

  @Test func insertingThenMovingInOneSendNotifiesTheCollectionOnceWithTheFinalOrder() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    var orders: [[Int]] = []
    let subscription = rows.subscribe { orders.append($0.ids) }

    store.send(.addThenMoveToFront(7))

    #expect(orders == [[7, 1, 2, 3]])
    subscription.cancel()
  }

  @Test func collectionReadIsTrackedByObservation() {
    let store = makeStore()
    var changes = 0
    var rows: StoreCollection<Int, Row.State, Row.Action>?
    withObservationTracking {
      rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    } onChange: {
      MainActor.assumeIsolated { changes += 1 }
    }

    store.send(.rows(.element(id: 1, action: .toggled)))
    #expect(changes == 0)
    store.send(.add(9))
    #expect(changes == 1)
    #expect(rows?.count == 3)
  }

  @Test func insertedRowNotifiesNoExistingRow() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)

    store.send(.add(4))
    store.send(.remove(2))

    #expect(observed.map(\.count) == [0, 0, 0])
  }

  @Test func replacingTheArrayUpdatesOnlyRowsThatChanged() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)
    store.send(.rows(.element(id: 3, action: .toggled)))

    store.send(.replaceAll([1, 2, 3]))

    #expect(observed.map(\.count) == [0, 0, 2])
    #expect(rows[2].state.isOn == false)
  }

  @Test func editingManyRowsInOneSendUpdatesEachOnce() {
    let store = makeStore(1...100)
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let observed = rows.map(ObservationCount.init)

    store.send(.renameAll("same"))

    #expect(observed.allSatisfy { $0.count == 1 })
    #expect(rows.allSatisfy { $0.state.title == "same" })
  }

  @Test func editingAnArrayThatAnotherStoreHoldsStillUpdatesRows() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let whole = store.observe(\.rows)

    store.send(.rows(.element(id: 2, action: .renamed("two"))))

    #expect(rows[1].state.title == "two")
    #expect(whole.state[id: 2]?.title == "two")
  }

  @Test func removedRowStoreKeepsItsLastState() {
    let store = makeStore()
    let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
    let removed = rows[0]

    store.send(.remove(1))
    store.send(.add(1))

    #expect(removed.state == Row.State(id: 1, title: "row 1"))
    #expect(store.scope(state: \.rows, action: ListFeature.Action.rows)[2] !== removed)
  }

  @Test func rowStoresAreFreedWithTheirLastReference() {
    let store = makeStore()
    weak var weakRow: Store<Row.State, Row.Action>?
    do {
      let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
      weakRow = rows[0]
    }
    store.send(.increment)
    #expect(weakRow == nil)
  }

  @Test func aHeldRowStoreKeepsUpdatingWithoutItsCollection() {
    let store = makeStore()
    let row = store.scope(state: \.rows, action: ListFeature.Action.rows)[0]

    store.send(.rows(.element(id: 1, action: .toggled)))

    #expect(row.state.isOn)
  }

  @Test func listTreeHasNoRetainCycles() {
    weak var weakStore: Store<ListFeature.State, ListFeature.Action>?
    weak var weakRow: Store<Row.State, Row.Action>?
    do {
      let store = makeStore()
      let rows = store.scope(state: \.rows, action: ListFeature.Action.rows)
      let subscription = rows.subscribe { _ in }
      weakRow = rows[0]
      weakStore = store
      rows[0].send(.toggled)
      subscription.cancel()
    }
    #expect(weakStore == nil)
    #expect(weakRow == nil)
  }
}

@MainActor
@Suite struct StoreOptionalTests {
  @Test func scopeIsNilWhileTheStateIsNil() {
    let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
    #expect(store.scope(state: \.detail, action: ListFeature.Action.detail) == nil)
  }

  @Test func scopeReturnsTheSameStoreWhileTheChildStaysPresent() throws {
    let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
    store.send(.present)
    let first = try #require(store.scope(state: \.detail, action: ListFeature.Action.detail))
    first.send(.edited("a"))
    let second = try #require(store.scope(state: \.detail, action: ListFeature.Action.detail))
    #expect(first === second)
    #expect(second.state.text == "a")
  }

  @Test func aNewPresentationGetsANewStore() throws {
    let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
    store.send(.present)
    let first = try #require(store.scope(state: \.detail, action: ListFeature.Action.detail))

    store.send(.dismiss)
    store.send(.present)
    let second = try #require(store.scope(state: \.detail, action: ListFeature.Action.detail))

    #expect(first !== second)
  }

  @Test func dismissedChildKeepsItsLastStateAndIsNotNotified() throws {
    let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
    store.send(.present)
    let child = try #require(store.scope(state: \.detail, action: ListFeature.Action.detail))
    child.send(.edited("kept"))
    let observed = ObservationCount(child)

    store.send(.dismiss)

    #expect(child.state.text == "kept")
    #expect(observed.count == 0)
  }
}

extension Store: Equatable {
  /// Test-only identity comparison, so `#expect(store == nil)` reads naturally.
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool { lhs === rhs }
}

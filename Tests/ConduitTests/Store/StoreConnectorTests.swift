import Testing

@testable import Conduit

@MainActor
@Suite struct StoreConnectorTests {
  @Test func equalHashableConnectorsShareOneLiveStore() {
    let store = Store(initialState: HistoryAppState(), reducer: HistoryApp())
    let first = store.connect(using: WatchedHistoryConnector())
    let second = store.connect(using: WatchedHistoryConnector())
    #expect(first === second)
  }

  @Test func differentConnectorsGetDifferentStores() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let first = store.connect(using: LabelConnector(prefix: "a"))
    let second = store.connect(using: LabelConnector(prefix: "b"))
    #expect(first !== second)
    #expect(first.state == "a")
    #expect(second.state == "b")
  }

  @Test func connectorThatIsNotHashableGetsANewStoreEachTime() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let first = store.connect(using: UnhashableConnector())
    let second = store.connect(using: UnhashableConnector())
    #expect(first !== second)
  }

  @Test func connectingOnEveryBodyEvaluationKeepsOneLiveStore() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var held = store.connect(using: LabelConnector(prefix: "x"))
    var identical = 0
    for _ in 0..<100 {
      let again = store.connect(using: LabelConnector(prefix: "x"))
      if again === held { identical += 1 }
      held = again
      store.send(.increment)
    }
    #expect(identical == 100)
    #expect(store.core.children.count == 1)
    #expect(held.state == "x100")
  }

  @Test func cachedConnectionIsFreedWithItsLastReference() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    weak var weakConnected: Store<String, LabelConnector.ViewAction>?
    do {
      let connected = store.connect(using: LabelConnector(prefix: "x"))
      weakConnected = connected
    }
    #expect(weakConnected == nil)
  }

  @Test func connectionCacheStaysProportionalToLiveConnections() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    for index in 0..<1_000 {
      _ = store.connect(using: LabelConnector(prefix: "\(index)"))
    }
    #expect(store.core.childCache.count <= 8)
  }

  @Test func connectedStoreSendsThroughTheConnector() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let connected = store.connect(using: LabelConnector(prefix: "count "))

    connected.send(.tapped)
    connected.send(.tapped)

    #expect(connected.state == "count 2")
  }
}

struct LabelConnector: Connector, Hashable {
  enum ViewAction: Equatable { case tapped }

  var prefix: String

  func connect(state: Counter.State) -> String {
    "\(prefix)\(state.count == 0 ? "" : "\(state.count)")"
  }

  func connect(action: ViewAction) -> Counter.Action {
    .increment
  }
}

struct UnhashableConnector: Connector {
  func connect(state: Counter.State) -> Int { state.count }
  func connect(action: Bool) -> Counter.Action { .increment }
}

import Testing

@testable import Conduit

@MainActor
@Suite struct StoreDerivedTests {
  @Test func derivedStoreNotifiesOnlyWhenItsStateChanges() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.derived(deriveState: \.count, embedAction: { $0 })
    let observed = ObservationCount(count)
    var callbacks = 0
    let subscription = count.subscribe { _ in callbacks += 1 }

    store.send(.setLabel("a"))
    store.send(.increment)
    store.send(.noop)
    store.send(.increment)

    #expect(observed.count == 2)
    #expect(callbacks == 2)
    subscription.cancel()
  }

  @Test func removeDuplicatesDecidesWhatCountsAsAChange() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let pairs = store.derived(
      deriveState: { NotEquatable(value: $0.count) },
      embedAction: { $0 },
      removeDuplicates: { $0.value / 2 == $1.value / 2 })
    var seen: [Int] = []
    let subscription = pairs.subscribe { seen.append($0.value) }

    store.send(.increment)
    store.send(.increment)
    store.send(.increment)

    #expect(seen == [2])
    subscription.cancel()
  }

  @Test func duplicateStateKeepsTheValueObserversWereLastGiven() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let pairs = store.derived(
      deriveState: { NotEquatable(value: $0.count) },
      embedAction: { $0 },
      removeDuplicates: { $0.value / 2 == $1.value / 2 })

    store.send(.increment)
    store.send(.increment)
    store.send(.increment)

    #expect(pairs.state.value == 2)
  }

  @Test func scopeToNonEquatableStateNotifiesOnEveryParentChange() {
    let store = Store(
      initialState: Wrapper(inner: NotEquatable(value: 0), other: 0), reducer: Wrapper.reducer)
    let inner = store.scope(state: \.inner, action: { $0 })
    var callbacks = 0
    let subscription = inner.subscribe { _ in callbacks += 1 }

    store.send(.bumpOther)
    store.send(.bumpOther)

    #expect(callbacks == 2)
    subscription.cancel()
  }

  @Test func nonEquatableChildOfAnUnchangedStoreIsNotNotified() {
    let store = Store(
      initialState: Wrapper(inner: NotEquatable(value: 0), other: 0), reducer: Wrapper.reducer)
    let other = store.observe(\.inner.value)
    let child = other.scope(state: \.self, action: { $0 }).derived(
      deriveState: { NotEquatable(value: $0) }, embedAction: { $0 },
      removeDuplicates: { _, _ in false })
    var callbacks = 0
    let subscription = child.subscribe { _ in callbacks += 1 }

    store.send(.bumpOther)

    #expect(callbacks == 0)
    subscription.cancel()
  }

  @Test func scopeToEquatableStateNotifiesOnlyOnChange() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let search = store.scope(state: \.search, action: AppFeature.Action.search)
    let observed = ObservationCount(search)

    store.send(.tabSelected(.profile))
    store.send(.search(.queryChanged("x")))
    store.send(.search(.queryChanged("x")))

    #expect(observed.count == 1)
  }

  @Test func sendingOnADerivedStoreSendsTheEmbeddedActionToItsParent() {
    var received: [AppFeature.Action] = []
    let store = Store(
      initialState: AppFeature.State(),
      reducer: RecordingActions(base: AppFeature()) { received.append($0) })
    let search = store.scope(state: \.search, action: AppFeature.Action.search)
    let query = search.derived(deriveState: \.query, embedAction: Search.Action.queryChanged)

    query.send("lost")

    #expect(received == [.search(.queryChanged("lost"))])
    #expect(query.state == "lost")
  }

  @Test func observeKeepsTheParentsActions() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let tabs = store.observe(\.selectedTab)

    tabs.send(.tabSelected(.profile))

    #expect(tabs.state == .profile)
  }

  @Test func derivedStoreKeepsItsParentAlive() {
    weak var weakRoot: Store<Counter.State, Counter.Action>?
    let count: Store<Int, Counter.Action>
    do {
      let root = Store(initialState: Counter.State(), reducer: Counter())
      weakRoot = root
      count = root.observe(\.count)
    }

    count.send(.increment)

    #expect(weakRoot != nil)
    #expect(count.state == 1)
  }

  @Test func freedDerivedStoreIsNoLongerDerived() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let calls = CallCount()
    weak var weakDerived: Store<Int, Counter.Action>?
    do {
      let derived = store.derived(
        deriveState: { state -> Int in
          calls.value += 1
          return state.count
        }, embedAction: { $0 })
      weakDerived = derived
      store.send(.increment)
      #expect(calls.value == 2)
    }

    store.send(.increment)
    store.send(.increment)

    #expect(weakDerived == nil)
    #expect(calls.value == 2)
    #expect(store.core.children.isEmpty)
  }

  @Test func storeTreeHasNoRetainCycles() {
    weak var weakRoot: Store<AppFeature.State, AppFeature.Action>?
    weak var weakSearch: Store<Search.State, Search.Action>?
    weak var weakQuery: Store<String, Search.Action>?
    weak var weakTabs: Store<AppFeature.Tab, AppFeature.Action>?
    do {
      let root = Store(initialState: AppFeature.State(), reducer: AppFeature())
      let search = root.scope(state: \.search, action: AppFeature.Action.search)
      let query = search.observe(\.query)
      let tabs = root.observe(\.selectedTab)
      let subscription = query.subscribe { _ in _ = tabs.state }
      root.send(.search(.queryChanged("x")))
      weakRoot = root
      weakSearch = search
      weakQuery = query
      weakTabs = tabs
      subscription.cancel()
    }

    #expect(weakRoot == nil)
    #expect(weakSearch == nil)
    #expect(weakQuery == nil)
    #expect(weakTabs == nil)
  }
}

/// State that cannot be compared, for the non-`Equatable` paths.
struct NotEquatable {
  var value: Int
}

struct Wrapper {
  enum Action { case bumpOther }

  var inner: NotEquatable
  var other: Int

  static var reducer: Reduce<Wrapper, Action> {
    Reduce { state, _ in
      state.other += 1
      return .none
    }
  }
}

import Observation
import Testing

@testable import Conduit

@MainActor
@Suite struct StoreTests {
  @Test func sendRunsTheReducerBeforeReturning() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(.increment)
    #expect(store.state.count == 1)
  }

  @Test func dynamicMemberLookupReadsTheState() {
    let store = Store(initialState: Counter.State(label: "hello"), reducer: Counter())
    #expect(store.label == "hello")
  }

  @Test func derivedStoresAtEveryDepthHoldTheNewDerivationWhenSendReturns() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let search = store.scope(state: \.search, action: AppFeature.Action.search)
    let query = search.observe(\.query)
    let length = query.derived(deriveState: { $0.count }, embedAction: { $0 })
    let isLong = length.observe { $0 > 3 }

    store.send(.search(.queryChanged("break")))

    #expect(search.state.query == "break")
    #expect(query.state == "break")
    #expect(length.state == 5)
    #expect(isLong.state == true)
  }

  @Test func reducerChangesALargeArrayWithoutCopyingIt() {
    let store = Store(
      initialState: Counter.State(items: Array(repeating: 0, count: 100_000)), reducer: Counter())
    let before = store.state.items.withUnsafeBufferPointer { $0.baseAddress }

    store.send(.setItem(index: 500, value: 7))

    let after = store.state.items.withUnsafeBufferPointer { $0.baseAddress }
    #expect(store.state.items[500] == 7)
    #expect(before == after)
  }

  @Test func reducerChangesALargeArrayWithoutCopyingItWhileDerivedStoresWatchOtherState() {
    let store = Store(
      initialState: Counter.State(items: Array(repeating: 0, count: 100_000)), reducer: Counter())
    let count = store.observe(\.count)
    let first = store.observe { $0.items[0] }
    let before = store.state.items.withUnsafeBufferPointer { $0.baseAddress }

    store.send(.setItem(index: 0, value: 7))

    #expect(first.state == 7)
    #expect(count.state == 0)
    #expect(store.state.items.withUnsafeBufferPointer { $0.baseAddress } == before)
  }

  @Test func rootStoreNotifiesItsObserversOnEverySend() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let observed = ObservationCount(store)
    var callbacks = 0
    let subscription = store.subscribe { _ in callbacks += 1 }

    store.send(.noop)
    store.send(.increment)

    #expect(observed.count == 2)
    #expect(callbacks == 2)
    subscription.cancel()
  }

  @Test func observersReadTheNewStateInOnChange() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    let observed = ObservationCount(count)

    store.send(.increment)
    store.send(.increment)

    #expect(observed.statesSeenInOnChange == [1, 2])
  }

  @Test func observersOfOneStoreSeeEveryOtherStoreUpToDate() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    let label = store.observe(\.label)
    let doubled = count.observe { $0 * 2 }
    var seen: [String] = []
    let subscription = count.subscribe { _ in
      seen.append("\(store.state.count) \(doubled.state) \(label.state)")
    }

    store.send(.increment)

    #expect(seen == ["1 2 "])
    subscription.cancel()
  }

  @Test func sendFromASubscriberRunsAfterTheCurrentActionsNotifications() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    let label = store.observe(\.label)
    var events: [String] = []
    let countSubscription = count.subscribe { value in
      events.append("count \(value)")
      if value == 1 { store.send(.setLabel("one")) }
      events.append("count callback done")
    }
    let labelSubscription = label.subscribe { value in events.append("label \(value)") }

    store.send(.increment)

    #expect(events == ["count 1", "count callback done", "label one"])
    countSubscription.cancel()
    labelSubscription.cancel()
  }

  @Test func sendFromAnObservationOnChangeIsQueued() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    var events: [String] = []
    withObservationTracking {
      _ = count.state
    } onChange: {
      MainActor.assumeIsolated {
        events.append("onChange")
        store.send(.setLabel("changed"))
        events.append("onChange done, label '\(store.state.label)'")
      }
    }

    store.send(.increment)

    #expect(events == ["onChange", "onChange done, label ''"])
    #expect(store.state.label == "changed")
  }

  @Test func queuedSendsRunInTheOrderTheyWereMade() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let count = store.observe(\.count)
    var labels: [String] = []
    let subscription = count.subscribe { _ in
      store.send(.setLabel("a"))
      store.send(.setLabel("b"))
    }
    let labelSubscription = store.observe(\.label).subscribe { labels.append($0) }

    store.send(.increment)

    #expect(labels == ["a", "b"])
    subscription.cancel()
    labelSubscription.cancel()
  }

  @Test func reducerIsNeverEnteredWhileItIsRunning() {
    var depth = 0
    var maximumDepth = 0
    var log: [Int] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        depth += 1
        maximumDepth = max(maximumDepth, depth)
        defer { depth -= 1 }
        log.append(action)
        state = action
        return action < 3 ? .send(action + 1) : .none
      })
    let subscription = store.subscribe { value in
      if value == 1 { store.send(10) }
    }

    store.send(1)

    #expect(maximumDepth == 1)
    #expect(log == [1, 2, 10, 3])
    subscription.cancel()
  }

  @Test func sendEffectRunsAfterTheCurrentActionsNotifications() {
    var events: [String] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        events.append("reduce \(action)")
        state = action
        return action == 1 ? .send(2) : .none
      })
    let subscription = store.subscribe { events.append("notify \($0)") }

    store.send(1)

    #expect(events == ["reduce 1", "notify 1", "reduce 2", "notify 2"])
    subscription.cancel()
  }

  @Test func storeWithEmptyReducerLeavesTheStateAlone() {
    let store = Store<Counter.State, Counter.Action>(
      initialState: Counter.State(count: 3), reducer: EmptyReducer())
    store.send(.increment)
    #expect(store.state.count == 3)
  }
}

import Foundation
import Testing

@testable import Conduit

@MainActor
@Suite struct SubscriptionTests {
  @Test func subscriberIsNotCalledOnSubscribing() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var callbacks = 0
    let subscription = store.subscribe { _ in callbacks += 1 }
    #expect(callbacks == 0)
    subscription.cancel()
  }

  @Test func subscriberReceivesTheNewState() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [Int] = []
    let subscription = store.observe(\.count).subscribe { seen.append($0) }

    store.send(.increment)
    store.send(.increment)

    #expect(seen == [1, 2])
    subscription.cancel()
  }

  @Test func cancelledSubscriptionIsNotCalled() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var callbacks = 0
    let subscription = store.subscribe { _ in callbacks += 1 }
    store.send(.increment)

    subscription.cancel()
    store.send(.increment)

    #expect(callbacks == 1)
    #expect(subscription.isCancelled)
    #expect(store.core.subscribers.isEmpty)
  }

  @Test func freedSubscriptionIsNotCalled() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var callbacks = 0
    do {
      let subscription = store.subscribe { _ in callbacks += 1 }
      store.send(.increment)
      _ = subscription
    }

    store.send(.increment)

    #expect(callbacks == 1)
  }

  @Test func subscriptionCancelledOffTheMainThreadStopsAtOnce() async {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let calls = CallCount()
    let subscription = store.subscribe { _ in calls.value += 1 }

    await Task.detached { subscription.cancel() }.value
    store.send(.increment)

    #expect(calls.value == 0)
    #expect(store.core.subscribers.isEmpty)
  }

  @Test func subscriptionKeepsADerivedStoreUpdating() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [Int] = []
    let subscription = store.observe(\.count).subscribe { seen.append($0) }

    store.send(.increment)

    #expect(seen == [1])
    subscription.cancel()
  }

  @Test func cancellingFromInsideACallbackStopsLaterCallbacks() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var seen: [String] = []
    var second: Subscription?
    let first = store.subscribe { _ in
      seen.append("first")
      second?.cancel()
    }
    second = store.subscribe { _ in seen.append("second") }

    store.send(.increment)
    store.send(.increment)

    #expect(seen == ["first", "first"])
    first.cancel()
  }

  @Test func cancellingASubscriptionWhoseCallbackCapturesItsStoreFreesTheStore() {
    weak var weakStore: Store<Counter.State, Counter.Action>?
    do {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      weakStore = store
      store.subscribe { _ in _ = store }.cancel()
    }
    #expect(weakStore == nil)
  }

  @Test func droppingASubscriptionWhoseCallbackCapturesItsStoreFreesTheStore() {
    weak var weakStore: Store<Counter.State, Counter.Action>?
    do {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      weakStore = store
      _ = store.subscribe { _ in _ = store }
    }
    #expect(weakStore == nil)
  }

  @Test func cancellingADerivedStoresSubscriptionFreesItAndItsCapturedRoot() {
    weak var weakRoot: Store<Counter.State, Counter.Action>?
    weak var weakDerived: Store<Int, Counter.Action>?
    do {
      let root = Store(initialState: Counter.State(), reducer: Counter())
      weakRoot = root
      let derived = root.observe(\.count)
      weakDerived = derived
      let subscription = derived.subscribe { _ in _ = (root, derived) }
      root.send(.increment)
      subscription.cancel()
    }
    #expect(weakDerived == nil)
    #expect(weakRoot == nil)
  }
}

import Conduit
import Observation

/// How a scenario's observers learn about changes.
enum ObserverKind: String, CaseIterable {
  /// A `subscribe(_:)` callback per store.
  case subscribe
  /// `withObservationTracking` per store, armed again after each change.
  case observation = "Observation"
}

/// Counts the change callbacks a set of stores delivers through `subscribe(_:)`.
@MainActor
final class SubscribeCounter {
  private(set) var count = 0
  private var subscriptions: [Subscription] = []

  init<State, Action>(_ stores: [Store<State, Action>]) {
    subscriptions.reserveCapacity(stores.count)
    for store in stores {
      // Unowned: the counter owns the subscriptions, which would otherwise own it back.
      subscriptions.append(store.subscribe { [unowned self] _ in self.count += 1 })
    }
  }
}

/// Counts the changes a set of stores reports through Observation, the way SwiftUI sees them.
///
/// `withObservationTracking` reports one change and then stops, so after each change the
/// tracking is armed again, as a view re-rendering would; ``rearm()`` does it for the stores
/// that changed since the last call.
@MainActor
final class ObservationCounter<State, Action> {
  private(set) var count = 0
  private let stores: [Store<State, Action>]
  private var changed: [Int] = []

  init(_ stores: [Store<State, Action>]) {
    self.stores = stores
    for index in stores.indices { track(index) }
  }

  /// Tracks again the stores that reported a change; call it after each send.
  func rearm() {
    guard !changed.isEmpty else { return }
    for index in changed { track(index) }
    changed.removeAll(keepingCapacity: true)
  }

  private func track(_ index: Int) {
    withObservationTracking {
      _ = stores[index].state
    } onChange: { [weak self] in
      // Conduit notifies synchronously inside `send`, on the main actor.
      MainActor.assumeIsolated { self?.didChange(index) }
    }
  }

  private func didChange(_ index: Int) {
    count += 1
    changed.append(index)
  }
}

import Conduit
import Foundation
import Testing

@MainActor
@Suite struct PrintRendersTests {
  struct Badge: Equatable {
    var count: Int
    var label: String
  }

  /// What a badge view watches: the count and the label, not the items.
  static func badge(_ store: Store<Counter.State, Counter.Action>) -> Store<Badge, Counter.Action> {
    store.observe { Badge(count: $0.count, label: $0.label) }
  }

  @Test func printsTheActionAndTheFieldThatChanged() {
    let log = Log<String>()
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let badge = Self.badge(store)
    badge.printRenders(to: log.append)

    store.send(.increment)

    #expect(log.values == ["PrintRendersTests.Badge changed after .increment: count 0 → 1"])
  }

  @Test func printsNothingWhenTheStoreDoesNotNotify() {
    let log = Log<String>()
    let store = Store(initialState: Counter.State(items: [0]), reducer: Counter())
    let badge = Self.badge(store)
    badge.printRenders(to: log.append)

    store.send(.setItem(index: 0, value: 1))

    #expect(log.values == [])
  }

  @Test func listsSeveralChangesOnePerLine() {
    let log = Log<String>()
    let reducer = Reduce<Counter.State, Counter.Action> { state, _ in
      state.count += 1
      state.label = "one"
      return .none
    }
    let store = Store(initialState: Counter.State(), reducer: reducer)
    let badge = Self.badge(store)
    badge.printRenders("Badge", to: log.append)

    store.send(.noop)

    #expect(
      log.values == [
        """
        Badge changed after .noop:
          count 0 → 1
          label "" → "one"
        """
      ])
  }

  @Test func namesEachActionOfAChainSeparately() {
    let log = Log<String>()
    let reducer = Reduce<Counter.State, Counter.Action> { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .send(.setLabel("one"))
      case .setLabel(let label):
        state.label = label
        return .none
      case .setItem, .noop:
        return .none
      }
    }
    let store = Store(initialState: Counter.State(), reducer: reducer)
    let badge = Self.badge(store)
    badge.printRenders("Badge", to: log.append)

    store.send(.increment)

    #expect(
      log.values == [
        "Badge changed after .increment: count 0 → 1",
        #"Badge changed after .setLabel("one"): label "" → "one""#,
      ])
  }

  @Test func saysSoWhenAStoreNotifiesWithoutAChange() {
    struct Items {
      var items: [Int]
    }
    let log = Log<String>()
    let store = Store(initialState: Counter.State(), reducer: Counter())
    // Told that no two states are duplicates, it notifies after every change of its parent.
    let items = store.derived(
      deriveState: { Items(items: $0.items) }, embedAction: { $0 },
      removeDuplicates: { _, _ in false })
    items.printRenders("Items", to: log.append)

    store.send(.increment)

    #expect(log.values == ["Items notified after .increment, with no change to its state"])
  }

  @Test func cancellingTheSubscriptionStopsTheTrace() {
    let log = Log<String>()
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let badge = Self.badge(store)
    let trace = badge.printRenders("Badge", to: log.append)

    store.send(.increment)
    trace.cancel()
    store.send(.increment)

    #expect(log.values == ["Badge changed after .increment: count 0 → 1"])
  }

  @Test func theTraceDoesNotKeepTheStoreAlive() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    weak var weakBadge: Store<Badge, Counter.Action>?
    do {
      let badge = Self.badge(store)
      badge.printRenders(to: { _ in })
      weakBadge = badge
    }

    #expect(weakBadge == nil)
  }

  @Test func namesTheHistoryViewsChangeAsTheDocumentationShowsIt() throws {
    let pilot = Ids(show: 1, season: 1, episode: 1)
    let aired = try #require(DateFormatter.shortDate.date(from: "2019-03-14"))
    let log = Log<String>()
    let store = Store(
      initialState: HistoryAppState(episodes: [pilot: Episode(title: "Pilot", firstAired: aired)]),
      reducer: HistoryApp())
    let history = store.connect(using: WatchedHistoryConnector())
    history.printRenders(to: log.append)

    store.send(.markAsWatched(episode: pilot, watched: true))
    store.send(.bumpUnrelated)

    #expect(
      log.values == [
        "HistoryView.State changed after .markAsWatched(episode: Ids(show: 1, season: 1, "
          + "episode: 1), watched: true): posters[0] added HistoryView.State.Poster(ids: "
          + #"Ids(show: 1, season: 1, episode: 1), imageURL: nil, title: "Pilot", subtitle: "#
          + #""2019-03-14")"#
      ])
  }
}

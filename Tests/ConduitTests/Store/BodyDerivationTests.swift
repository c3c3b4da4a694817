import Observation
import Testing

@_spi(Testing) @testable import Conduit

/// A feature with a tab, a child, a counter that views may or may not show, and noise.
struct Tabs: Reducer {
  struct State: Equatable {
    var tab = 0
    var child = Child()
    var unrelated = 0
  }

  struct Child: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case tab(Int)
    case childCount(Int)
    case unrelated
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tab(let tab): state.tab = tab
    case .childCount(let count): state.child.count = count
    case .unrelated: state.unrelated += 1
    }
    return .none
  }
}

/// Evaluates a "body" the way SwiftUI does: inside `withObservationTracking`, evaluated again
/// after each change it is told of (which re-arms the one-shot tracking), with the stores the
/// body made dropped as soon as it returns.
@MainActor
final class SimulatedView {
  private let body: @MainActor () -> [AnyObject]
  private let changes = Locked(0)
  private(set) var evaluations = 0
  private var handled = 0
  /// The cores of the stores the body read, held weakly, to count the live ones.
  private(set) var cores: [WeakBox] = []

  struct WeakBox {
    weak var object: AnyObject?
  }

  /// `body` derives its stores, reads them and returns their cores (to be counted, weakly).
  init(body: @escaping @MainActor () -> [AnyObject]) {
    self.body = body
    evaluate()
  }

  /// How many times the view was told that something it read changed.
  var notifications: Int { changes.withLock { $0 } }

  /// Evaluates the body again if it was told of a change since the last evaluation.
  func renderIfNeeded() {
    guard notifications > handled else { return }
    handled = notifications
    evaluate()
  }

  private func evaluate() {
    evaluations += 1
    let changes = self.changes
    let read = withObservationTracking {
      body()
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    cores.append(contentsOf: read.map { WeakBox(object: $0) })
  }

  var liveCores: Int { Set(cores.compactMap { $0.object.map(ObjectIdentifier.init) }).count }
}

@MainActor
@Suite struct BodyDerivationTests {
  @Test func theSeedsSnippetTellsTheViewOfTheChange() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let fired = Locked(false)
    withObservationTracking {
      let tabs = store.observe(\.tab)
      _ = tabs.state
    } onChange: {
      fired.withLock { $0 = true }
    }
    store.send(.tab(1))
    #expect(fired.withLock { $0 })
  }

  /// Runs 1,000 evaluations with unrelated sends between them and a real change every tenth
  /// step; returns the view and the number of real changes.
  private func drive(
    _ store: Store<Tabs.State, Tabs.Action>, change: (Int) -> Tabs.Action,
    body: @escaping @MainActor () -> [AnyObject]
  ) -> (view: SimulatedView, changes: Int, maxLive: Int) {
    let view = SimulatedView(body: body)
    var changes = 0
    var maxLive = view.liveCores
    for step in 1...1_000 {
      store.send(.unrelated)
      if step % 10 == 0 {
        store.send(change(step))
        changes += 1
      }
      view.renderIfNeeded()
      maxLive = max(maxLive, view.liveCores)
    }
    return (view, changes, maxLive)
  }

  @Test func observeAKeyPathInABodyIsToldOncePerChangeAndNeverOtherwise() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let (view, changes, maxLive) = drive(store, change: { .tab($0) }) {
      let tabs = store.observe(\.tab)
      _ = tabs.state
      return [tabs.core]
    }
    #expect(view.notifications == changes)
    #expect(view.evaluations == changes + 1)
    #expect(maxLive == 1)
  }

  @Test func scopeInABodyIsToldOncePerChangeAndNeverOtherwise() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let (view, changes, maxLive) = drive(store, change: { .childCount($0) }) {
      let child = store.scope(state: \.child, action: { (_: Never) -> Tabs.Action in })
      _ = child.count
      return [child.core]
    }
    #expect(view.notifications == changes)
    #expect(maxLive == 1)
  }

  @Test func aHashableConnectorInABodyIsToldOncePerChangeAndNeverOtherwise() {
    struct TabTitle: Connector, Hashable {
      func connect(state: Tabs.State) -> String { "Tab \(state.tab)" }
      func connect(action: Never) -> Tabs.Action {}
    }
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let (view, changes, maxLive) = drive(store, change: { .tab($0) }) {
      let title = store.connect(using: TabTitle())
      _ = title.state
      return [title.core]
    }
    #expect(view.notifications == changes)
    #expect(maxLive == 1)
  }

  @Test func aBodyKeepsOneStorePerKeyPathItObserves() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let (view, changes, maxLive) = drive(
      store, change: { $0 % 20 == 0 ? .tab($0) : .childCount($0) }
    ) {
      let tabs = store.observe(\.tab)
      let count = store.observe(\.child.count)
      _ = (tabs.state, count.state)
      return [tabs.core, count.core]
    }
    #expect(view.notifications == changes)
    #expect(maxLive == 2)
  }

  @Test func aBodyReadingTwiceIsToldOnceOfOneChange() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let view = SimulatedView {
      let first = store.observe(\.tab)
      let second = store.observe(\.tab)
      _ = (first.state, second.state)
      return [first.core, second.core]
    }
    #expect(view.liveCores == 1)
    store.send(.tab(3))
    #expect(view.notifications == 1)
  }

  @Test func storesDerivedInABodyAreFreedWithTheRoot() {
    var cores: [SimulatedView.WeakBox] = []
    weak var weakRoot: Store<Tabs.State, Tabs.Action>?
    do {
      let store = Store(initialState: Tabs.State(), reducer: Tabs())
      weakRoot = store
      let (view, _, _) = drive(store, change: { .tab($0) }) {
        let tabs = store.observe(\.tab)
        let child = store.scope(state: \.child, action: { (_: Never) -> Tabs.Action in })
        let count = child.observe(\.count)
        _ = (tabs.state, count.state)
        return [tabs.core, child.core, count.core]
      }
      cores = view.cores
      // The last evaluation's stores were read and wait to notify: alive, though unheld.
      #expect(cores.contains { $0.object != nil })
    }
    #expect(weakRoot == nil)
    #expect(cores.allSatisfy { $0.object == nil })
  }

  @Test func aCachedStoreIsFreedAfterItNotifiesWhenNothingReadsItAgain() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    weak var core: StoreCore<Int, Tabs.Action>?
    do {
      let tabs = store.observe(\.tab)
      core = tabs.core
      _ = tabs.state
    }
    #expect(core != nil)
    store.send(.unrelated)
    #expect(core != nil)
    store.send(.tab(1))
    #expect(core == nil)
  }

  @Test func aStoreDerivedByAClosureReadAndFreedUnseenWarnsNamingTheLine() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let warnings = Locked<[RuntimeWarnings.Warning]>([])
    let line: UInt = #line + 5
    RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { warning in warnings.withLock { $0.append(warning) } }
    ) {
      withObservationTracking {
        let tabs = store.observe { $0.tab }
        _ = tabs.state
      } onChange: {
      }
    }
    let recorded = warnings.withLock { $0 }
    #expect(recorded.count == 1)
    #expect(recorded.first?.fileID == "ConduitTests/BodyDerivationTests.swift")
    #expect(recorded.first?.line == line)
    #expect(recorded.first?.message.contains("was read, then freed before its state") == true)
  }

  @Test func aStoreHeldAcrossAChangeDoesNotWarnWhenFreed() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let warnings = Locked(0)
    RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { _ in warnings.withLock { $0 += 1 } }
    ) {
      do {
        let tabs = store.observe { $0.tab }
        _ = tabs.state
        store.send(.unrelated)
      }
      do {
        // Never read: nothing can have missed a change.
        _ = store.observe { $0.tab }
      }
    }
    #expect(warnings.withLock { $0 } == 0)
  }

  @Test func scopingTheSameKeyPathTwiceGivesTheSameStore() {
    let store = Store(initialState: Tabs.State(), reducer: Tabs())
    let first = store.scope(state: \.child, action: { (_: Never) -> Tabs.Action in })
    let second = store.scope(state: \.child, action: { (_: Never) -> Tabs.Action in })
    #expect(first === second)
    #expect(store.observe(\.tab) === store.observe(\.tab))
  }
}

/// A body that scopes to a child that may be absent is told when it comes and goes, and only
/// then.
@MainActor
@Suite struct BodyPresenceTests {
  @Test func aBodyScopingToAnOptionalChildIsToldWhenItAppearsAndGoes() {
    let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
    let view = SimulatedView {
      _ = store.scope(state: \.detail, action: ListFeature.Action.detail)
      return []
    }
    store.send(.present)
    view.renderIfNeeded()
    store.send(.increment)
    store.send(.add(1))
    view.renderIfNeeded()
    store.send(.dismiss)
    #expect(view.notifications == 2)
  }

  @Test func aBodyScopingToAPresentationIsToldOfEachPresentationAndDismissal() {
    let store = Store(initialState: Host.State(), reducer: Host())
    let view = SimulatedView {
      _ = store.scope(state: \.$sheet, action: Host.Action.sheet)
      return []
    }
    store.send(.present)
    view.renderIfNeeded()
    store.send(.sheet(.presented(.increment)))
    view.renderIfNeeded()
    store.send(.clear)
    view.renderIfNeeded()
    store.send(.present)
    #expect(view.notifications == 3)
  }

  @Test func aBodyScopingToAnEnumCaseIsToldWhenTheCaseChanges() {
    let store = Store(initialState: Screens.State.first(Tally.State()), reducer: Screens())
    let view = SimulatedView {
      _ = store.scope(state: Screens.State.first, action: Screens.Action.first)
      return []
    }
    store.send(.first(.add(1)))
    view.renderIfNeeded()
    store.send(.note("away"))
    #expect(view.notifications == 1)
  }
}

import Foundation
import Testing

@_spi(Testing) @testable import Conduit

/// A navigation stack of `Sheet` screens, with a parent that records what it saw.
struct Navigator: Reducer {
  struct State: Equatable {
    var path = StackState<Sheet.State>()
    var seen: [String] = []
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Sheet>)
    case pushTapped(count: Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .path(.popFrom(let id)):
        state.seen.append("pop \(id): \(state.path.ids)")
      case .path(.push(let id, _)):
        state.seen.append("push \(id): \(state.path.ids)")
      case .path(.element(let id, let action)):
        state.seen.append("\(id) \(action): \(state.path[id: id].map { "\($0.count)" } ?? "gone")")
      case .pushTapped(let count):
        state.path.append(Sheet.State(count: count))
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Sheet() }
  }
}

@Suite struct StackStateTests {
  @Test func pushesAreNumberedFromZeroPerStack() {
    var stack = StackState<String>()
    stack.append("a")
    stack.append("b")
    #expect(stack.ids == [0, 1])
    var other = StackState<String>()
    other.append("x")
    #expect(other.ids == [0])
  }

  @Test func idsAreNeverReusedAfterAPop() {
    var stack: StackState<String> = ["a", "b", "c"]
    stack.pop(from: 1)
    #expect(stack.ids == [0])
    stack.append("d")
    stack.removeAll()
    stack.append("e")
    #expect(stack.ids == [4])
    #expect(Array(stack) == ["e"])
  }

  @Test func popFromRemovesTheScreenAndEverythingAbove() {
    var stack: StackState<String> = ["a", "b", "c", "d"]
    stack.pop(from: 2)
    #expect(Array(stack) == ["a", "b"])
    stack.pop(from: 9)
    #expect(Array(stack) == ["a", "b"])
  }

  @Test func popToKeepsTheScreenOnTop() {
    var stack: StackState<String> = ["a", "b", "c"]
    stack.pop(to: 0)
    #expect(Array(stack) == ["a"])
    #expect(stack.popLast() == "a")
    #expect(stack.popLast() == nil)
  }

  @Test func screensAreReadAndWrittenByID() {
    var stack: StackState<String> = ["a", "b"]
    stack[id: 1] = "B"
    stack[id: 5] = "ignored"
    #expect(Array(stack) == ["a", "B"])
    stack[id: 0] = nil
    #expect(stack.ids == [1])
    stack[0] += "!"
    #expect(stack[id: 1] == "B!")
  }

  @Test func equalityComparesScreensAndIdsButNotTheCounter() {
    var pushedAndPopped: StackState<String> = ["a"]
    pushedAndPopped.append("b")
    pushedAndPopped.popLast()
    let fresh: StackState<String> = ["a"]
    #expect(pushedAndPopped == fresh)
    var later = StackState<String>()
    later.append("x")
    later.removeAll()
    later.append("a")
    #expect(later != fresh)
  }

  @Test func codableAsAPlainArray() throws {
    let stack: StackState<Int> = [3, 1, 4]
    let data = try JSONEncoder().encode(stack)
    #expect(String(decoding: data, as: UTF8.self) == "[3,1,4]")
    #expect(try JSONDecoder().decode(StackState<Int>.self, from: data) == stack)
  }

  @Test func goingBackPopsFromTheFirstScreenThatWentAway() {
    #expect(StackElementID.popped(from: [0, 1, 2], to: [0]) == 1)
    #expect(StackElementID.popped(from: [0, 1], to: []) == 0)
    #expect(StackElementID.popped(from: [0, 1], to: [0, 1]) == nil)
    #expect(StackElementID.popped(from: [0, 1], to: [1]) == nil)
    #expect(StackElementID.popped(from: [0], to: [0, 5]) == nil)
  }

  @Test func elementIDsDescribeThemselvesWithTheirGeneration() {
    let stack: StackState<String> = ["a", "b"]
    #expect(stack.description == #"[#0: a, #1: b]"#)
    #expect(StackElementID(integerLiteral: 3) == StackElementID(generation: 3))
  }
}

@MainActor
@Suite struct StackReducerTests {
  @Test func elementActionsRunTheScreenFirstThenTheParent() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 0))
    store.send(.path(.element(id: 0, action: .increment)))
    #expect(store.state.path[id: 0]?.count == 1)
    #expect(store.state.seen == ["#0 increment: 1"])
  }

  @Test func pushAddsTheScreenBeforeTheParentRunsAndAdvancesTheCounter() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.path(.push(id: 0, state: Sheet.State(count: 5))))
    store.send(.pushTapped(count: 6))
    #expect(store.state.path.ids == [0, 1])
    #expect(store.state.seen == ["push #0: [#0]"])
  }

  @Test func popFromRunsTheParentFirstThenPops() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    for count in 0..<3 { store.send(.pushTapped(count: count)) }
    store.send(.path(.popFrom(id: 1)))
    #expect(store.state.path.ids == [0])
    #expect(store.state.seen == ["pop #1: [#0, #1, #2]"])
  }

  @Test func aScreensDismissPopsItAndEverythingAbove() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    for count in 0..<3 { store.send(.pushTapped(count: count)) }
    store.send(.path(.element(id: 1, action: .close)))
    #expect(store.state.path.ids == [0])
    #expect(store.state.seen == ["#1 close: 1", "pop #1: [#0, #1, #2]"])
  }

  @Test func aScreensDismissFromAnEffectPopsIt() async {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 0))
    await store.send(.path(.element(id: 0, action: .closeFromEffect))).finish()
    #expect(store.state.path.isEmpty)
    #expect(store.state.seen.last == "pop #0: [#0]")
  }

  @Test func poppedScreensEffectsAreCancelled() async {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    let (bottom, top) = (CancellationFlag(), CancellationFlag())
    store.send(.pushTapped(count: 0))
    store.send(.pushTapped(count: 0))
    let bottomTask = store.send(.path(.element(id: 0, action: .listen(bottom))))
    let topTask = store.send(.path(.element(id: 1, action: .listen(top))))
    store.send(.path(.popFrom(id: 1)))
    await topTask.finish()
    #expect(top.isCancelled)
    #expect(!bottom.isCancelled)
    store.send(.path(.popFrom(id: 0)))
    await bottomTask.finish()
    #expect(bottom.isCancelled)
  }

  @Test func actionsForMissingScreensArePopsAndPushesAreWarnedAbout() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 0))
    let warnings = collectingWarnings {
      store.send(.path(.element(id: 7, action: .increment)))
      store.send(.path(.popFrom(id: 7)))
      store.send(.path(.push(id: 0, state: Sheet.State())))
    }.map(\.message)
    #expect(warnings.count == 3)
    #expect(warnings[0].contains("an action for a screen that is not on the stack (id: #7)"))
    #expect(warnings[1].contains("a pop of a screen that is not on the stack (id: #7)"))
    #expect(warnings[2].contains("a push of a screen whose id is already on the stack (id: #0)"))
    #expect(store.state.path.ids == [0])
  }
}

@MainActor
@Suite struct StackStoreTests {
  @Test func screenStoresSendTheirActionsWrappedWithTheirID() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 0))
    store.send(.pushTapped(count: 10))
    let screens = store.scope(state: \.path, action: Navigator.Action.path)
    #expect(screens.ids == [0, 1])
    screens[1].send(.increment)
    #expect(store.state.path[id: 1]?.count == 11)
    #expect(screens[1].state.count == 11)
    #expect(store.state.seen == ["#1 increment: 11"])
  }

  @Test func editingOneScreenNotifiesThatScreensStoreOnly() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    for count in 0..<5 { store.send(.pushTapped(count: count)) }
    let screens = store.scope(state: \.path, action: Navigator.Action.path)
    var notified: [StackElementID] = []
    let subscriptions = zip(screens.ids, screens).map { id, screen in
      screen.subscribe { _ in notified.append(id) }
    }
    var orders = 0
    let order = screens.subscribe { _ in orders += 1 }
    store.send(.path(.element(id: 3, action: .increment)))
    #expect(notified == [3])
    #expect(orders == 0)
    subscriptions.forEach { $0.cancel() }
    order.cancel()
  }

  @Test func pushingAndPoppingNotifyTheCollectionWithTheNewOrder() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    let screens = store.scope(state: \.path, action: Navigator.Action.path)
    var orders: [[StackElementID]] = []
    let subscription = screens.subscribe { orders.append($0.ids) }
    store.send(.pushTapped(count: 0))
    store.send(.pushTapped(count: 0))
    store.send(.path(.popFrom(id: 1)))
    #expect(orders == [[0], [0, 1], [0]])
    subscription.cancel()
  }

  @Test func aScreenKeepsItsStoreWhileOnTheStack() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 0))
    let first = store.scope(state: \.path, action: Navigator.Action.path)[0]
    store.send(.pushTapped(count: 1))
    let again = store.scope(state: \.path, action: Navigator.Action.path)
    #expect(again[0] === first)
    #expect(again.count == 2)
  }

  @Test func aPoppedScreensStoreKeepsItsLastState() {
    let store = Store(initialState: Navigator.State(), reducer: Navigator())
    store.send(.pushTapped(count: 4))
    let screen = store.scope(state: \.path, action: Navigator.Action.path)[0]
    store.send(.path(.popFrom(id: 0)))
    #expect(screen.state.count == 4)
    #expect(store.scope(state: \.path, action: Navigator.Action.path).isEmpty)
  }
}

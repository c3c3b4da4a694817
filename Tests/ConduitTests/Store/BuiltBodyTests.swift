import Testing

@testable import Conduit

/// Counts, across the copies of a reducer, how often something happened.
private final class BuildTally: @unchecked Sendable {
  var count = 0
}

/// Adds each action to the state.
private struct Adding: Reducer {
  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state += action
    return .none
  }
}

/// A reducer made of others, counting how often its `body` is built.
private struct CountedBody: Reducer {
  let builds: BuildTally

  var body: some Reducer<Int, Int> {
    let _ = builds.count += 1
    Adding()
  }
}

/// A reducer with a body and a `reduce` of its own, which must be the one a store runs.
private struct OwnReduce: Reducer {
  let builds: BuildTally

  var body: some Reducer<Int, Int> {
    let _ = builds.count += 1
    Adding()
  }

  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state -= action
    return .none
  }
}

/// A feature holding a feature of its own type, one level down: a tree of two.
private struct Tree: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var child: [String] = []
  }
  indirect enum Action: Sendable {
    case tap
    case child(Tree.Action)
  }

  let name: String
  let depth: Int

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .tap = action { state.log.append(name) }
      return .none
    }
    if depth > 0 {
      Scope(state: \.child, action: Action.child) {
        Reduce<[String], Tree.Action> { log, action in
          // The child's own feature runs on a state of its own, so that its log shows here.
          var state = State(log: log)
          _ = Tree(name: "\(name).child", depth: depth - 1).reduce(into: &state, action: action)
          log = state.log
          return .none
        }
      }
    }
  }
}

/// A parent whose child feature has a body of its own.
private struct Parent: Reducer {
  enum Action: Sendable {
    case child(Int)
    case other
  }

  let childBuilds: BuildTally

  var body: some Reducer<Int, Action> {
    Scope(state: \.self, action: Action.child) { CountedBody(builds: childBuilds) }
  }
}

@MainActor
@Suite("A root store builds its reducer's body once")
struct BuiltBodyTests {
  @Test("the body is built at the first action and kept for the next ones")
  func bodyBuiltOnce() {
    let builds = BuildTally()
    let store = Store(initialState: 0, reducer: CountedBody(builds: builds))
    for amount in 1...5 { store.send(amount) }
    #expect(store.state == 15)
    #expect(builds.count == 1)
  }

  @Test("no body is built before the first action")
  func noBodyBeforeFirstAction() {
    let builds = BuildTally()
    let store = Store(initialState: 0, reducer: CountedBody(builds: builds))
    #expect(builds.count == 0)
    _ = store
  }

  @Test("a reducer that implements reduce itself is called for every action, never its body")
  func ownReduceWins() {
    let builds = BuildTally()
    let store = Store(initialState: 0, reducer: OwnReduce(builds: builds))
    for amount in 1...3 { store.send(amount) }
    #expect(store.state == -6)
    #expect(builds.count == 0)
  }

  @Test("a feature holding one of its own type keeps its own body, not the inner one's")
  func treeKeepsRootBody() {
    let store = Store(initialState: Tree.State(), reducer: Tree(name: "root", depth: 1))
    // The first action reaches the inner feature too, while the store learns how the root runs.
    store.send(.child(.tap))
    store.send(.tap)
    store.send(.child(.tap))
    store.send(.tap)
    #expect(store.state.log == ["root", "root"])
    #expect(store.state.child == ["root.child", "root.child"])
  }

  @Test("a child feature's body is built for each action that reaches it")
  func childBodyPerAction() {
    let childBuilds = BuildTally()
    let store = Store(initialState: 0, reducer: Parent(childBuilds: childBuilds))
    store.send(.child(1))
    store.send(.other)
    store.send(.child(2))
    #expect(store.state == 3)
    #expect(childBuilds.count == 2)
  }

  @Test("a reducer called directly builds its body for every call")
  func directCallsBuildEachTime() {
    let builds = BuildTally()
    let reducer = CountedBody(builds: builds)
    var state = 0
    for amount in 1...3 { _ = reducer.reduce(into: &state, action: amount) }
    #expect(state == 6)
    #expect(builds.count == 3)
  }

  @Test("two stores of one reducer type each keep the body of their own reducer")
  func storesKeepTheirOwnBodies() {
    let first = BuildTally()
    let second = BuildTally()
    let a = Store(initialState: 0, reducer: CountedBody(builds: first))
    let b = Store(initialState: 100, reducer: CountedBody(builds: second))
    a.send(1)
    b.send(1)
    a.send(1)
    b.send(1)
    #expect((a.state, b.state) == (2, 102))
    #expect((first.count, second.count) == (1, 1))
  }
}

import Testing

@testable import Conduit

/// Appends a letter to the log, to observe which reducers ran and in what order.
struct Append: Reducer {
  let letter: String

  func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
    state.append(letter)
    return .none
  }
}

struct Built: Reducer {
  var includeOptional: Bool
  var useFirstBranch: Bool
  var repeats: Int

  var body: some Reducer<[String], Bool> {
    Append(letter: "a")
    if includeOptional {
      Append(letter: "optional")
    }
    if useFirstBranch {
      Append(letter: "first")
    } else {
      Append(letter: "second")
    }
    for index in 0..<repeats {
      Append(letter: "loop\(index)")
    }
    Append(letter: "z")
  }
}

struct EmptyBody: Reducer {
  var body: some Reducer<Int, Int> {}
}

@Suite struct ReducerBuilderTests {
  @Test func bodyRunsReducersInOrder() {
    var log: [String] = []
    _ = Built(includeOptional: true, useFirstBranch: true, repeats: 2).reduce(
      into: &log, action: true)
    #expect(log == ["a", "optional", "first", "loop0", "loop1", "z"])
  }

  @Test func falseConditionsSkipTheirReducers() {
    var log: [String] = []
    _ = Built(includeOptional: false, useFirstBranch: false, repeats: 0).reduce(
      into: &log, action: true)
    #expect(log == ["a", "second", "z"])
  }

  @Test func emptyBodyLeavesTheStateAlone() {
    var state = 3
    let effect = EmptyBody().reduce(into: &state, action: 1)
    #expect(state == 3)
    #expect(effect.isNone)
  }

  @Test func effectsOfEveryReducerAreMerged() {
    let reducer = CombineReducers {
      Reduce<Int, Int> { _, action in action == 0 ? .send(1) : .none }
      Reduce<Int, Int> { _, action in action == 0 ? .send(2) : .none }
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
    }
    var state = 0
    let effect = reducer.reduce(into: &state, action: 0)
    guard case .merge(let effects) = effect.operation else {
      Issue.record("expected a merge, got \(effect.operation)")
      return
    }
    #expect(effects.count == 2)
  }

  @Test func reduceWrapsAnotherReducer() {
    let erased = Reduce(Append(letter: "x"))
    var log: [String] = []
    _ = erased.reduce(into: &log, action: false)
    #expect(log == ["x"])
  }
}

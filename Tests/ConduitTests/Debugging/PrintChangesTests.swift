import Conduit
import Testing

@MainActor
@Suite struct PrintChangesTests {
  @Test func printsTheActionAndTheFieldsItChanged() {
    let log = Log<String>()
    let store = Store(
      initialState: Counter.State(), reducer: Counter().printChanges(to: log.append))

    store.send(.increment)

    #expect(log.values == ["received action Counter.Action.increment\n  count: 0 → 1"])
  }

  @Test func saysSoWhenAnActionChangesNothing() {
    let log = Log<String>()
    let store = Store(
      initialState: Counter.State(), reducer: Counter().printChanges(to: log.append))

    store.send(.noop)

    #expect(log.values == ["received action Counter.Action.noop\n  (no state changes)"])
  }

  @Test func namesTheFullPathOfAChildsChange() {
    let log = Log<String>()
    let store = Store(
      initialState: AppFeature.State(), reducer: AppFeature().printChanges(to: log.append))

    store.send(.search(.queryChanged("break")))

    #expect(
      log.values == [
        #"received action AppFeature.Action.search(.queryChanged("break"))"# + "\n"
          + #"  search.query: "" → "break""#
      ])
  }

  @Test func reportsActionsInTheOrderTheyRunAndKeepsEffects() {
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
    let store = Store(initialState: Counter.State(), reducer: reducer.printChanges(to: log.append))

    store.send(.increment)

    #expect(
      log.values == [
        "received action Counter.Action.increment\n  count: 0 → 1",
        #"received action Counter.Action.setLabel("one")"# + "\n" + #"  label: "" → "one""#,
      ])
    #expect(store.state.label == "one")
  }
}

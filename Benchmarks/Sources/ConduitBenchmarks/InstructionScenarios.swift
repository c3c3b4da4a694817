import Conduit

// The scenarios of `--instructions` that measure sends (issue 14's table); the list edits are in
// ListEditsScenario.swift. Effects are off throughout: valgrind 3.19 crashes on Swift processes
// that start a detached task.

extension InstructionScenario {
  static let counter = counterScenario(
    name: "counter",
    title: "a send of `increment` (`counter += 1`), nothing observing",
    conduit: "Conduit: root store", handWritten: "hand-written store, one closure",
    observed: false, goal: 2)

  static let counterObserved = counterScenario(
    name: "counter-observed",
    title: "a send of `increment`, one derived store of `counter` with a subscriber",
    conduit: "Conduit: root store, `observe { $0.counter }`, subscribe",
    handWritten: "hand-written store, one compare-and-call closure",
    observed: true, goal: 2.5)

  /// Sends of `increment` to a root store and to the hand-written one, with or without one
  /// observer of `counter`, and their ratio against `goal`.
  private static func counterScenario(
    name: String, title: String, conduit: String, handWritten: String, observed: Bool,
    goal: Double
  ) -> InstructionScenario {
    InstructionScenario(name: name, title: title) { _ in
      let sizes = (1_000, 3_000)
      return InstructionPlan(
        variants: [
          CountedVariant(
            name: conduit, unit: "send", sizes: sizes,
            prepare: { CountedTrials.counter(sends: $0, observed: observed) }),
          CountedVariant(
            name: handWritten, unit: "send", sizes: sizes,
            prepare: { CountedTrials.handWrittenCounter(sends: $0, observed: observed) }),
        ],
        comparisons: [
          InstructionComparison(
            label: "Conduit / hand-written",
            kind: .ratio(numerator: conduit, denominator: handWritten),
            goal: Goal(atMost: goal, source: "issue 14"))
        ])
    }
  }

  static let unchangedStores = InstructionScenario(
    name: "unchanged-stores",
    title: "what each live derived store costs a send that does not change it (N items, N "
      + "stores, each with a subscriber; the send increments `counter`)"
  ) { configuration in
    let itemCount = configuration.quick ? 1_000 : 10_000
    let sends = 10
    let conduit = "Conduit: derived store per item, N = \(grouped(itemCount))"
    let rows = "Conduit: row store per item, N = \(grouped(itemCount))"
    let handWritten = "hand-written: compare-and-call closure per item, N = \(grouped(itemCount))"
    // Runs with no stores and with N; the difference, per store and send, is one store's cost.
    let sizes = (0, itemCount)
    let units: @Sendable (Int) -> Int = { $0 * sends }
    return InstructionPlan(
      variants: [
        CountedVariant(
          name: conduit, unit: "store and send", sizes: sizes, units: units,
          prepare: {
            CountedTrials.unchangedStores($0, itemCount: itemCount, sends: sends)
          }),
        CountedVariant(
          name: rows, unit: "store and send", sizes: sizes, units: units,
          prepare: {
            CountedTrials.unchangedRowStores($0, itemCount: itemCount, sends: sends)
          }),
        CountedVariant(
          name: handWritten, unit: "store and send", sizes: sizes, units: units,
          prepare: {
            CountedTrials.handWrittenUnchangedStores($0, itemCount: itemCount, sends: sends)
          }),
      ],
      comparisons: [
        InstructionComparison(
          label: "Conduit, per unchanged derived store", kind: .value(conduit),
          goal: Goal(atMost: 150, source: "issue 14")),
        InstructionComparison(
          label: "Conduit, per unchanged row store (the collection skips them all at once)",
          kind: .value(rows), goal: Goal(atMost: 150, source: "issue 14")),
        InstructionComparison(
          label: "Conduit / hand-written",
          kind: .ratio(numerator: conduit, denominator: handWritten)
        ),
      ])
  }

  static let scopes = InstructionScenario(
    name: "scope",
    title: "a parent of five `Scope`d children handles an action for each child in turn, in a "
      + "store (which builds the body once) and called directly (which builds it for each call)"
  ) { _ in
    let storeSwitch = "hand-written switch, in a store"
    let storeScopes = "five Scopes in `body`, in a store"
    let switched = "hand-written switch, called directly"
    let rebuilt = "five Scopes in `body`, called directly"
    let sizes = (1_000, 3_000)
    return InstructionPlan(
      variants: [
        CountedVariant(
          name: storeSwitch, unit: "action", sizes: sizes,
          prepare: { ScopeExtractionScenario.storeTrial(SwitchParent(), actions: $0) }),
        CountedVariant(
          name: storeScopes, unit: "action", sizes: sizes,
          prepare: { ScopeExtractionScenario.storeTrial(ScopedParent(), actions: $0) }),
        CountedVariant(
          name: switched, unit: "action", sizes: sizes,
          prepare: { ScopeExtractionScenario.trial(SwitchParent(), actions: $0) }),
        CountedVariant(
          name: rebuilt, unit: "action", sizes: sizes,
          prepare: { ScopeExtractionScenario.trial(ScopedParent(), actions: $0) }),
      ],
      comparisons: [
        // Every action passes all five Scopes: one of them runs the child, four let it by.
        InstructionComparison(
          label: "per Scope passed, in a store (Scopes − switch) / 5",
          kind: .difference(numerator: storeScopes, denominator: storeSwitch, per: 5),
          goal: Goal(atMost: 40, source: "issue 14")),
        InstructionComparison(
          label: "per Scope passed, `body` built for each call (Scopes − switch) / 5",
          kind: .difference(numerator: rebuilt, denominator: switched, per: 5)),
      ])
  }

  static let rowListRoot = InstructionScenario(
    name: "row-list-root",
    title: "a root whose reducer runs `forEach` over 100 rows, against a plain root with the "
      + "same rows in an Array; nothing observing"
  ) { _ in
    let rowIncrement = "row-list root (`forEach`), `increment`"
    let plainIncrement = "plain root, `increment`"
    let rowToggle = "row-list root (`forEach`), toggle a row"
    let plainToggle = "plain root, toggle an item"
    let sizes = (1_000, 3_000)
    return InstructionPlan(
      variants: [
        CountedVariant(
          name: rowIncrement, unit: "send", sizes: sizes,
          prepare: { CountedTrials.rowListRoot(sends: $0, togglesRows: false) }),
        CountedVariant(
          name: plainIncrement, unit: "send", sizes: sizes,
          prepare: { CountedTrials.plainListRoot(sends: $0, togglesItems: false) }),
        CountedVariant(
          name: rowToggle, unit: "send", sizes: sizes,
          prepare: { CountedTrials.rowListRoot(sends: $0, togglesRows: true) }),
        CountedVariant(
          name: plainToggle, unit: "send", sizes: sizes,
          prepare: { CountedTrials.plainListRoot(sends: $0, togglesItems: true) }),
      ],
      comparisons: [
        InstructionComparison(
          label: "row-list root / plain root, `increment`",
          kind: .ratio(numerator: rowIncrement, denominator: plainIncrement),
          goal: Goal(atMost: 1.5, source: "issue 14")),
        InstructionComparison(
          label: "row-list root / plain root, toggling one row",
          kind: .ratio(numerator: rowToggle, denominator: plainToggle)),
      ])
  }
}

/// The trials of the send scenarios of `--instructions`.
@MainActor
enum CountedTrials {
  static let rowCount = 100

  static func counter(sends: Int, observed: Bool) -> Trial {
    let root = Store(initialState: ListState(items: []), reducer: ListFeature())
    let tally = Tally()
    let view = observed ? root.observe { $0.counter } : nil
    let subscription = view?.subscribe { value in
      tally.count += 1
      tally.last = value
    }
    return Trial(
      run: {
        for _ in 0..<sends { root.send(.increment) }
      },
      finish: {
        try require(root.state.counter == sends, "counter \(root.state.counter) ≠ \(sends)")
        if observed {
          try require(tally.last == sends, "the subscriber last saw \(tally.last)")
        }
        subscription?.cancel()
        return Outcome(callbacks: observed ? tally.count : nil)
      })
  }

  static func handWrittenCounter(sends: Int, observed: Bool) -> Trial {
    let tally = PlainTally()
    let observer: (ListState) -> Void =
      observed
      ? changeObserver(initial: 0, derive: counterOf, tally: tally, record: { $0 })
      : idleObserver()
    let store = HandWrittenStore(
      state: ListState(items: []), reducer: ListFeature(), observers: [observer])
    return Trial(
      run: {
        for _ in 0..<sends { store.send(.increment) }
      },
      finish: {
        try require(store.state.counter == sends, "counter \(store.state.counter) ≠ \(sends)")
        if observed {
          try require(tally.last == sends, "the observer last saw \(tally.last)")
        }
        return Outcome(callbacks: observed ? tally.count : nil)
      })
  }

  static func unchangedStores(_ storeCount: Int, itemCount: Int, sends: Int) -> Trial {
    let root = Store(
      initialState: ListState(items: makeItems(count: itemCount)), reducer: ListFeature())
    let stores = (0..<storeCount).map { index in
      root.derived(
        deriveState: { $0.items[index] }, embedAction: { .item(index: index, action: $0) })
    }
    let counter = SubscribeCounter(stores)
    return Trial(
      run: {
        for _ in 0..<sends { root.send(.increment) }
      },
      finish: {
        try require(root.state.counter == sends, "counter \(root.state.counter) ≠ \(sends)")
        try require(counter.count == 0, "\(counter.count) callbacks from unchanged stores")
        blackHole(stores)
        return Outcome(callbacks: counter.count)
      })
  }

  static func unchangedRowStores(_ storeCount: Int, itemCount: Int, sends: Int) -> Trial {
    let root = Store(
      initialState: RowListState(
        items: IdentifiedArray(uniqueElements: makeItems(count: itemCount))),
      reducer: RowListFeature())
    // Held as a `ForEach` holds its data; none when there are no stores to measure.
    let rows = storeCount == 0 ? nil : root.scope(state: \.items, action: RowListAction.rows)
    let stores = rows.map { Array($0.prefix(storeCount)) } ?? []
    let counter = SubscribeCounter(stores)
    return Trial(
      run: {
        for _ in 0..<sends { root.send(.increment) }
      },
      finish: {
        try require(root.state.counter == sends, "counter \(root.state.counter) ≠ \(sends)")
        try require(counter.count == 0, "\(counter.count) callbacks from unchanged row stores")
        blackHole(rows)
        return Outcome(callbacks: counter.count)
      })
  }

  static func handWrittenUnchangedStores(_ storeCount: Int, itemCount: Int, sends: Int) -> Trial {
    let tally = PlainTally()
    let items = makeItems(count: itemCount)
    let observers = (0..<storeCount).map { index in
      changeObserver(initial: items[index], derive: itemOf(index), tally: tally)
    }
    let store = HandWrittenStore(
      state: ListState(items: items), reducer: ListFeature(), observers: observers)
    return Trial(
      run: {
        for _ in 0..<sends { store.send(.increment) }
      },
      finish: {
        try require(store.state.counter == sends, "counter \(store.state.counter) ≠ \(sends)")
        try require(tally.count == 0, "\(tally.count) callbacks from unchanged items")
        return Outcome(callbacks: tally.count)
      })
  }

  static func rowListRoot(sends: Int, togglesRows: Bool) -> Trial {
    let root = Store(
      initialState: RowListState(
        items: IdentifiedArray(uniqueElements: makeItems(count: rowCount))),
      reducer: RowListFeature())
    let actions: [RowListAction] = (0..<sends).map { index in
      togglesRows ? .rows(.element(id: index % rowCount, action: .toggleWatched)) : .increment
    }
    return Trial(
      run: {
        for action in actions { root.send(action) }
      },
      finish: {
        let state = root.state
        try require(
          state.counter == (togglesRows ? 0 : sends), "counter \(state.counter) after \(sends)")
        let watched = state.items.filter(\.watched).count
        try require(
          !togglesRows || watched == expectedWatched(sends), "\(watched) rows watched")
        return Outcome()
      })
  }

  static func plainListRoot(sends: Int, togglesItems: Bool) -> Trial {
    let root = Store(
      initialState: ListState(items: makeItems(count: rowCount)), reducer: ListFeature())
    let actions: [ListAction] = (0..<sends).map { index in
      togglesItems ? .item(index: index % rowCount, action: .toggleWatched) : .increment
    }
    return Trial(
      run: {
        for action in actions { root.send(action) }
      },
      finish: {
        let state = root.state
        try require(
          state.counter == (togglesItems ? 0 : sends), "counter \(state.counter) after \(sends)")
        let watched = state.items.filter(\.watched).count
        try require(
          !togglesItems || watched == expectedWatched(sends), "\(watched) items watched")
        return Outcome()
      })
  }

  /// The state's counter, as a nonisolated function (see ``changeObserver``).
  nonisolated static func counterOf(_ state: ListState) -> Int {
    state.counter
  }

  /// A nonisolated function reading item `index` (see ``changeObserver``).
  nonisolated static func itemOf(_ index: Int) -> (ListState) -> Item {
    { $0.items[index] }
  }

  /// How many of the rows are watched after `sends` round-robin toggles.
  private static func expectedWatched(_ sends: Int) -> Int {
    (0..<rowCount).filter {
      !(sends / rowCount + ($0 < sends % rowCount ? 1 : 0)).isMultiple(of: 2)
    }
    .count
  }
}

import Testing

@_spi(Testing) @testable import Conduit

@MainActor
@Suite struct ReducerForEachTests {
  @Test func elementActionRunsTheRowReducerOnThatRow() {
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...3)), reducer: ListFeature())
    store.send(.rows(.element(id: 2, action: .toggled)))
    #expect(store.state.rows.map(\.isOn) == [false, true, false])
  }

  @Test func elementReducerRunsBeforeTheParent() {
    var seen: [Bool] = []
    let reducer = Reduce<ListFeature.State, ListFeature.Action> { state, _ in
      seen.append(state.rows[id: 1]?.isOn ?? false)
      return .none
    }
    .forEach(\.rows, action: ListFeature.Action.rows) { Row() }
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...1)), reducer: reducer)

    store.send(.rows(.element(id: 1, action: .toggled)))

    #expect(seen == [true])
  }

  @Test func actionForAMissingRowIsIgnoredWithAWarning() {
    let warnings = Locked<[RuntimeWarnings.Warning]>([])
    RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { warning in warnings.withLock { $0.append(warning) } }
    ) {
      let store = Store(
        initialState: ListFeature.State(rows: ListFeature.rows(1...2)), reducer: ListFeature())
      store.send(.rows(.element(id: 9, action: .toggled)))
      #expect(store.state.rows == ListFeature.rows(1...2))
    }
    let recorded = warnings.withLock { $0 }
    #expect(recorded.count == 1)
    #expect(recorded.first?.message.contains("not in the array (id: 9)") == true)
    #expect(recorded.first?.fileID == "ConduitTests/Fixtures.swift")
  }

  @Test func warningIsPrintedOncePerCallSite() async throws {
    let result = try #require(
      await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(
            initialState: ListFeature.State(rows: ListFeature.rows(1...2)), reducer: ListFeature())
          store.send(.rows(.element(id: 9, action: .toggled)))
          store.send(.rows(.element(id: 8, action: .renamed("x"))))
        }
      })
    let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(printed.components(separatedBy: "[Conduit] warning:").count == 2)
    #expect(printed.contains("(id: 9)"))
  }

  @Test func removingARowCancelsItsEffects() async {
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...2)), reducer: ListFeature())
    let gate = Gate()
    let task = store.send(.rows(.element(id: 1, action: .load(gate))))

    store.send(.remove(1))
    await gate.open()
    await task.finish()

    #expect(task.isCancelled)
    #expect(store.state.rows.ids == [2])
  }

  @Test func removingAllRowsCancelsTheirEffects() async {
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...2)), reducer: ListFeature())
    let gate = Gate()
    let task = store.send(.rows(.element(id: 2, action: .load(gate))))

    store.send(.removeAll)
    await gate.open()
    await task.finish()

    #expect(task.isCancelled)
  }

  @Test func replacingTheArrayCancelsTheEffectsOfRowsThatWentAway() async {
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...3)), reducer: ListFeature())
    let gate = Gate()
    let removed = store.send(.rows(.element(id: 1, action: .load(gate))))
    let kept = store.send(.rows(.element(id: 2, action: .load(gate))))

    store.send(.replaceAll([2, 3]))
    await gate.open()
    await removed.finish()
    await kept.finish()

    #expect(removed.isCancelled)
    #expect(!kept.isCancelled)
    #expect(store.state.rows[id: 2]?.title == "late")
  }

  @Test func rowEffectsSendBackToTheirRow() async {
    let store = Store(
      initialState: ListFeature.State(rows: ListFeature.rows(1...2)), reducer: ListFeature())
    let gate = Gate()
    let task = store.send(.rows(.element(id: 2, action: .load(gate))))

    await gate.open()
    await task.finish()

    #expect(store.state.rows.map(\.title) == ["row 1", "late"])
  }
}

/// A list whose reducer edits its rows with the bulk and reordering operations of
/// `IdentifiedArray`, for the effects `forEach` must cancel, or not.
struct BulkList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State>
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case removeOdd
    case removeFirst(Int)
    case sortDescending
    case moveFirstToEnd
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .removeOdd: state.rows.removeAll { !$0.id.isMultiple(of: 2) }
      case .removeFirst(let k): state.rows.removeFirst(k)
      case .sortDescending: state.rows.sort { $0.id > $1.id }
      case .moveFirstToEnd: state.rows.move(fromOffsets: [0], toOffset: state.rows.count)
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { Row() }
  }
}

/// The rows behind a computed property, which `forEach` cannot reach in place.
struct ComputedList: Reducer {
  struct State: Equatable {
    private var storage: IdentifiedArrayOf<Row.State>
    var rows: IdentifiedArrayOf<Row.State> {
      get { storage }
      set { storage = newValue }
    }

    init(rows: IdentifiedArrayOf<Row.State>) {
      storage = rows
    }
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case remove(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { Row() }
  }
}

@MainActor
@Suite struct ReducerForEachBulkEditTests {
  func makeStore(_ count: Int = 6) -> Store<BulkList.State, BulkList.Action> {
    Store(
      initialState: BulkList.State(rows: ListFeature.rows(1...count)), reducer: BulkList())
  }

  @Test func removeAllWhereCancelsTheEffectsOfTheRowsItRemoved() async {
    let store = makeStore()
    let gate = Gate()
    let removed = store.send(.rows(.element(id: 3, action: .load(gate))))
    let kept = store.send(.rows(.element(id: 4, action: .load(gate))))

    store.send(.removeOdd)
    await gate.open()
    await removed.finish()
    await kept.finish()

    #expect(removed.isCancelled)
    #expect(!kept.isCancelled)
    #expect(store.state.rows.ids == [2, 4, 6])
  }

  @Test func removingMoreRowsThanTheLogHoldsCancelsTheirEffects() async {
    let store = makeStore(ChangeLog<Int>.capacity + 10)
    let gate = Gate()
    let removed = store.send(.rows(.element(id: 1, action: .load(gate))))
    let kept = store.send(.rows(.element(id: ChangeLog<Int>.capacity + 10, action: .load(gate))))

    store.send(.removeFirst(ChangeLog<Int>.capacity + 1))
    await gate.open()
    await removed.finish()
    await kept.finish()

    #expect(removed.isCancelled)
    #expect(!kept.isCancelled)
  }

  @Test(arguments: [BulkList.Action.sortDescending, .moveFirstToEnd])
  func reorderingCancelsNoEffect(reorder: BulkList.Action) async {
    let store = makeStore()
    let gate = Gate()
    let task = store.send(.rows(.element(id: 1, action: .load(gate))))

    store.send(reorder)
    await gate.open()
    await task.finish()

    #expect(!task.isCancelled)
    #expect(store.state.rows[id: 1]?.title == "late")
  }

  @Test func rowsBehindAComputedPropertyAreReducedAndTheirEffectsCancelled() async {
    let store = Store(
      initialState: ComputedList.State(rows: ListFeature.rows(1...3)), reducer: ComputedList())
    store.send(.rows(.element(id: 2, action: .toggled)))
    let gate = Gate()
    let task = store.send(.rows(.element(id: 3, action: .load(gate))))

    store.send(.remove(3))
    await gate.open()
    await task.finish()

    #expect(store.state.rows.map(\.isOn) == [false, true])
    #expect(task.isCancelled)
  }
}

@MainActor
@Suite struct ReducerIfLetTests {
  @Test func childActionRunsTheChildWhilePresent() {
    let store = Store(
      initialState: ListFeature.State(detail: Detail.State()), reducer: ListFeature())
    store.send(.detail(.edited("hello")))
    #expect(store.state.detail?.text == "hello")
  }

  @Test func childActionWhileNilIsIgnoredWithAWarning() {
    let warnings = Locked<[RuntimeWarnings.Warning]>([])
    RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { warning in warnings.withLock { $0.append(warning) } }
    ) {
      let store = Store(initialState: ListFeature.State(), reducer: ListFeature())
      store.send(.detail(.edited("lost")))
      #expect(store.state.detail == nil)
    }
    let recorded = warnings.withLock { $0 }
    #expect(recorded.count == 1)
    #expect(recorded.first?.message.contains("while its state was nil") == true)
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let store = Store(
      initialState: ListFeature.State(detail: Detail.State()), reducer: ListFeature())
    let gate = Gate()
    let task = store.send(.detail(.load(gate)))

    store.send(.dismiss)
    await gate.open()
    await task.finish()

    #expect(task.isCancelled)
    #expect(store.state.detail == nil)
  }

  @Test func childEffectsDeliverWhileStillPresent() async {
    let store = Store(
      initialState: ListFeature.State(detail: Detail.State()), reducer: ListFeature())
    let gate = Gate()
    let task = store.send(.detail(.load(gate)))

    await gate.open()
    await task.finish()

    #expect(store.state.detail?.text == "late")
  }
}

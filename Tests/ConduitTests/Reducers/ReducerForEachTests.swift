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
    RuntimeWarnings.$handler.withValue({ warning in warnings.withLock { $0.append(warning) } }) {
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
    RuntimeWarnings.$handler.withValue({ warning in warnings.withLock { $0.append(warning) } }) {
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

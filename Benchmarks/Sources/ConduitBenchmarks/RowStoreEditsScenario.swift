import Conduit

extension Scenario {
  /// Scenario 9: bulk edits of a list whose every row has a live row store, against the same
  /// edits of the array alone; the row stores' share must grow with the rows, not with rows
  /// times edits.
  static let rowStoreEdits = Scenario(
    name: "row-store-edits",
    title: "one send makes many edits of 100,000 rows (10,000 with --quick), every row with a "
      + "live row store; against the same edits of the IdentifiedArray alone",
    unit: "send"
  ) { configuration in
    let rows = configuration.quick ? 10_000 : 100_000
    var plan = Plan()
    for edit in BulkRowEdit.allCases {
      let throughStore = "\(edit.rawValue), live row stores"
      let alone = "\(edit.rawValue), the array alone"
      plan.variants.append(
        Variant(
          name: throughStore, count: .fixed(1),
          prepare: { _ in RowStoreEditsScenario.throughStore(edit, rows: rows) }))
      plan.variants.append(
        Variant(
          name: alone, count: .fixed(1),
          prepare: { _ in RowStoreEditsScenario.alone(edit, rows: rows) }))
      plan.comparisons.append(
        Comparison(
          label: "\(edit.rawValue): with / without", numerator: throughStore,
          denominator: alone))
    }
    return plan
  }
}

/// The edits of scenario 9, each in one send.
enum BulkRowEdit: String, CaseIterable, Sendable {
  /// 64 insertions at the front: as many as the change log holds, so the row stores replay them.
  case insertAtFront = "64 insertions at the front"
  /// 64 rows edited in place, spread over the list.
  case editSpread = "64 rows edited"
  /// Half the rows, more than the log holds: the row stores compare every live row once.
  case removeEveryOther = "removeAll(where:) of every other row"

  func apply(to rows: inout IdentifiedArrayOf<Item>) {
    switch self {
    case .insertAtFront:
      let count = rows.count
      for index in 0..<64 { rows.insert(ListEdit.newItem(count + index), at: 0) }
    case .editSpread:
      let step = rows.count / 64
      for index in 0..<64 { rows[id: index * step]?.watched.toggle() }
    case .removeEveryOther:
      rows.removeAll { $0.id.isMultiple(of: 2) }
    }
  }
}

/// A list whose one action applies a bulk edit.
struct BulkRowFeature: Reducer {
  struct State {
    var rows: IdentifiedArrayOf<Item>
  }

  enum Action: Sendable {
    case edit(BulkRowEdit)
    case rows(IdentifiedAction<Int, ItemAction>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .edit(let edit) = action { edit.apply(to: &state.rows) }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { ItemFeature() }
  }
}

/// The trials of scenario 9.
@MainActor
enum RowStoreEditsScenario {
  static func throughStore(_ edit: BulkRowEdit, rows: Int) -> Trial {
    let root = Store(
      initialState: BulkRowFeature.State(rows: ListFixtures.identified(rows, .ordered)),
      reducer: BulkRowFeature())
    let collection = root.scope(state: \.rows, action: BulkRowFeature.Action.rows)
    // Every row store alive, as a list that shows them all would hold them.
    let stores = Array(collection)
    return Trial(
      run: { root.send(.edit(edit)) },
      finish: {
        var expected = ListFixtures.identified(rows, .ordered)
        edit.apply(to: &expected)
        try require(root.state.rows == expected, "the rows are not the edited rows")
        let after = root.scope(state: \.rows, action: BulkRowFeature.Action.rows)
        try require(after.ids == expected.ids, "the row stores are not in the rows' order")
        for store in after.prefix(200) {
          try require(
            store.state == expected[id: store.state.id], "row \(store.state.id) is stale")
        }
        blackHole(stores)
        return Outcome()
      })
  }

  static func alone(_ edit: BulkRowEdit, rows: Int) -> Trial {
    let box = StateBox(ListFixtures.identified(rows, .ordered))
    return Trial(
      run: { edit.apply(to: &box.state) },
      finish: {
        blackHole(box.state)
        return Outcome()
      })
  }
}

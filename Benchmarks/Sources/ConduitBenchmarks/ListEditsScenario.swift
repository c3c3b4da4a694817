import Conduit
import Foundation

/// One edit of a list of N rows, written for an `IdentifiedArray` and for the `Array` it is
/// compared with, side by side in one run: the time scenario `list-edits` and the instruction
/// scenario of the same name both run these.
///
/// The edits are `@Sendable`, so nonisolated, as a reducer is: a closure written in main-actor
/// code is main-actor isolated, and Swift 6 checks the executor each time a nonisolated caller
/// (such as `sort`, calling its predicate) calls it, which would cost hundreds of instructions per
/// comparison and bury the edits themselves.
struct ListEdit: Sendable {
  enum Shape {
    /// Each operation edits the same array again (inserts, removals at an end, swaps).
    case repeated
    /// Each operation edits a fresh array of N rows (bulk removals, sorts).
    case bulk
  }

  /// The rows an edit starts from: ids 0 to N − 1 in order, or in a scrambled order.
  enum Order {
    case ordered
    case scrambled
  }

  var name: String
  /// What the `Array` does instead, when it has no operation of the same name.
  var arrayName: String?
  var shape: Shape
  var order = Order.ordered
  /// The sizes of the instruction mode, in operations.
  var sizes: (Int, Int)
  /// Operations per timed repetition.
  var timedOperations: Int
  /// Operation `operation` on `array`.
  var identified:
    @Sendable (_ array: inout IdentifiedArrayOf<Item>, _ operation: Int, _ inputs: ListEditInputs)
      -> Void
  var array: @Sendable (_ array: inout [Item], _ operation: Int, _ inputs: ListEditInputs) -> Void

  var identifiedVariant: String { "IdentifiedArray: \(name)" }
  var arrayVariant: String { "Array: \(arrayName ?? name)" }

  /// The edits, in report order.
  static let all: [ListEdit] = [
    ListEdit(
      name: "insert(_:at: 0)", shape: .repeated, sizes: (5, 20), timedOperations: 200,
      identified: { array, operation, inputs in
        array.insert(newItem(inputs.rows + operation), at: 0)
      },
      array: { array, operation, inputs in array.insert(newItem(inputs.rows + operation), at: 0) }),
    ListEdit(
      name: "removeFirst()", shape: .repeated, sizes: (5, 20), timedOperations: 200,
      identified: { array, _, _ in array.removeFirst() },
      array: { array, _, _ in array.removeFirst() }),
    ListEdit(
      name: "remove(id:) of the first row", arrayName: "remove(at: firstIndex(where:)!)",
      shape: .repeated, sizes: (5, 20), timedOperations: 200,
      identified: { array, operation, _ in array.remove(id: operation) },
      array: { array, operation, _ in
        array.remove(at: array.firstIndex { $0.id == operation }!)
      }),
    ListEdit(
      name: "append(_:)", shape: .repeated, sizes: (1_000, 5_000), timedOperations: 20_000,
      identified: { array, operation, inputs in array.append(newItem(inputs.rows + operation)) },
      array: { array, operation, inputs in array.append(newItem(inputs.rows + operation)) }),
    ListEdit(
      name: "edit a row by id, `[id:]`", arrayName: "edit a row by index", shape: .repeated,
      sizes: (1_000, 5_000), timedOperations: 20_000,
      identified: { array, operation, inputs in
        array[id: operation % inputs.rows]?.watched.toggle()
      },
      array: { array, operation, inputs in array[operation % inputs.rows].watched.toggle() }),
    ListEdit(
      name: "removeLast()", shape: .repeated, sizes: (1_000, 5_000), timedOperations: 20_000,
      identified: { array, _, _ in array.removeLast() },
      array: { array, _, _ in array.removeLast() }),
    ListEdit(
      name: "swapAt(_:_:)", shape: .repeated, sizes: (1_000, 5_000), timedOperations: 20_000,
      identified: { array, operation, inputs in
        array.swapAt(operation % inputs.rows, inputs.rows - 1 - operation % inputs.rows)
      },
      array: { array, operation, inputs in
        array.swapAt(operation % inputs.rows, inputs.rows - 1 - operation % inputs.rows)
      }),
    ListEdit(
      name: "removeAll(where:) of every other row", shape: .bulk, sizes: (1, 3),
      timedOperations: 5,
      identified: { array, _, _ in array.removeAll { $0.id.isMultiple(of: 2) } },
      array: { array, _, _ in array.removeAll { $0.id.isMultiple(of: 2) } }),
    ListEdit(
      name: "remove(atOffsets:) of every other row", arrayName: "removeAll(where:) of the same",
      shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, inputs in array.remove(atOffsets: inputs.evenOffsets) },
      array: { array, _, _ in array.removeAll { $0.id.isMultiple(of: 2) } }),
    ListEdit(
      name: "removeFirst(1,000)", shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, _ in array.removeFirst(1_000) },
      array: { array, _, _ in array.removeFirst(1_000) }),
    ListEdit(
      name: "removeSubrange(_:) of 1,000 in the middle", shape: .bulk, sizes: (1, 3),
      timedOperations: 5,
      identified: { array, _, inputs in
        array.removeSubrange(inputs.rows / 2..<inputs.rows / 2 + 1_000)
      },
      array: { array, _, inputs in array.removeSubrange(inputs.rows / 2..<inputs.rows / 2 + 1_000) }
    ),
    ListEdit(
      name: "append(contentsOf:) of 1,000 rows", shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, inputs in array.append(contentsOf: inputs.newItems) },
      array: { array, _, inputs in array.append(contentsOf: inputs.newItems) }),
    ListEdit(
      name: "reverse()", shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, _ in array.reverse() },
      array: { array, _, _ in array.reverse() }),
    ListEdit(
      name: "sort(by:) of scrambled rows", shape: .bulk, order: .scrambled, sizes: (1, 2),
      timedOperations: 5,
      identified: { array, _, _ in array.sort { $0.id < $1.id } },
      array: { array, _, _ in array.sort { $0.id < $1.id } }),
    ListEdit(
      name: "shuffle(using:)", shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, _ in
        var generator = SeededGenerator(seed: 14)
        array.shuffle(using: &generator)
      },
      array: { array, _, _ in
        var generator = SeededGenerator(seed: 14)
        array.shuffle(using: &generator)
      }),
    ListEdit(
      name: "move(fromOffsets: [0], toOffset: endIndex)", arrayName: "append(removeFirst())",
      shape: .bulk, sizes: (1, 3), timedOperations: 5,
      identified: { array, _, inputs in array.move(fromOffsets: [0], toOffset: inputs.rows) },
      array: { array, _, _ in array.append(array.removeFirst()) }),
    ListEdit(
      name: "filter(_:) of every other row, assigned back", shape: .bulk, sizes: (1, 3),
      timedOperations: 5,
      identified: { array, _, _ in array = array.filter { $0.id.isMultiple(of: 2) } },
      array: { array, _, _ in array = array.filter { $0.id.isMultiple(of: 2) } }),
  ]

  /// A row that is not in the fixtures: ids from N up.
  static func newItem(_ id: Int) -> Item {
    Item(id: id, title: "New \(id % 10_000)", watched: false)
  }
}

/// What an edit needs besides its array, made before the counted or timed part.
struct ListEditInputs: Sendable {
  /// The rows of the array before the edits.
  var rows: Int
  /// The even offsets below `rows`.
  var evenOffsets: IndexSet
  /// 1,000 rows to append, ids from `rows` up.
  var newItems: [Item]

  @MainActor
  init(rows: Int) {
    self.rows = rows
    evenOffsets = ListFixtures.evenOffsets(rows)
    newItems = ListFixtures.newItems(rows)
  }
}

/// The rows the list edits start from, built once per size and copied for each edit, so that
/// building 100,000 rows is not part of what is measured.
@MainActor
enum ListFixtures {
  private struct Key: Hashable {
    var rows: Int
    var scrambled: Bool
  }

  private static var arrays: [Key: [Item]] = [:]
  private static var identifiedArrays: [Key: IdentifiedArrayOf<Item>] = [:]
  private static var offsets: [Int: IndexSet] = [:]
  private static var appended: [Int: [Item]] = [:]

  /// Rows 0 to `rows` − 1, in order or scrambled, in storage of their own.
  static func array(_ rows: Int, _ order: ListEdit.Order) -> [Item] {
    let key = Key(rows: rows, scrambled: order == .scrambled)
    if arrays[key] == nil {
      // Multiplying by a prime that does not divide `rows` visits every offset once.
      arrays[key] = (0..<rows).map { offset in
        let id = order == .scrambled ? offset * 48_271 % rows : offset
        return Item(id: id, title: "Item \(id)", watched: false)
      }
    }
    var copy = arrays[key]!
    // Writing makes the copy's storage its own, outside what is measured.
    copy.swapAt(0, 1)
    copy.swapAt(0, 1)
    return copy
  }

  /// The same rows in an `IdentifiedArray`, in storage of their own.
  static func identified(_ rows: Int, _ order: ListEdit.Order) -> IdentifiedArrayOf<Item> {
    let key = Key(rows: rows, scrambled: order == .scrambled)
    if identifiedArrays[key] == nil {
      identifiedArrays[key] = IdentifiedArray(uniqueElements: array(rows, order))
    }
    var copy = identifiedArrays[key]!
    copy.swapAt(0, 1)
    copy.swapAt(0, 1)
    return copy
  }

  /// The even offsets below `rows`.
  static func evenOffsets(_ rows: Int) -> IndexSet {
    if let known = offsets[rows] { return known }
    let made = IndexSet(stride(from: 0, to: rows, by: 2))
    offsets[rows] = made
    return made
  }

  /// 1,000 new rows, ids from `rows` up.
  static func newItems(_ rows: Int) -> [Item] {
    if let known = appended[rows] { return known }
    let made = (rows..<rows + 1_000).map(ListEdit.newItem)
    appended[rows] = made
    return made
  }
}

/// The trials of the list edits, for both modes.
@MainActor
enum ListEditTrials {
  static func identified(_ edit: ListEdit, rows: Int, operations: Int) -> Trial {
    let arrays = (0..<(edit.shape == .bulk ? operations : 1)).map { _ in
      StateBox(ListFixtures.identified(rows, edit.order))
    }
    let inputs = ListEditInputs(rows: rows)
    return Trial(
      run: {
        for operation in 0..<operations {
          edit.identified(&arrays[edit.shape == .bulk ? operation : 0].state, operation, inputs)
        }
      },
      finish: {
        // The same edits on an Array give the rows the identified array must hold.
        var expected = ListFixtures.array(rows, edit.order)
        for operation in 0..<(edit.shape == .bulk ? 1 : operations) {
          edit.array(&expected, operation, inputs)
        }
        for box in arrays {
          let result = box.state
          try require(
            result.elements == expected,
            "\(edit.identifiedVariant): \(result.count) rows, not the \(expected.count) expected")
          for offset in stride(from: 0, to: result.count, by: Swift.max(1, result.count / 100)) {
            try require(
              result.index(id: result.ids[offset]) == offset,
              "\(edit.identifiedVariant): row \(result.ids[offset]) is not found at \(offset)")
          }
        }
        return Outcome()
      })
  }

  static func array(_ edit: ListEdit, rows: Int, operations: Int) -> Trial {
    let arrays = (0..<(edit.shape == .bulk ? operations : 1)).map { _ in
      StateBox(ListFixtures.array(rows, edit.order))
    }
    let inputs = ListEditInputs(rows: rows)
    return Trial(
      run: {
        for operation in 0..<operations {
          edit.array(&arrays[edit.shape == .bulk ? operation : 0].state, operation, inputs)
        }
      },
      finish: {
        blackHole(arrays)
        return Outcome()
      })
  }
}

extension Scenario {
  /// The list edits, timed: each `IdentifiedArray` edit against the same edit of an `Array`.
  static let listEdits = Scenario(
    name: "list-edits",
    title: "edits of 100,000 rows (10,000 with --quick), each IdentifiedArray edit against the "
      + "same edit of an Array",
    unit: "edit"
  ) { configuration in
    let rows = configuration.quick ? 10_000 : 100_000
    var plan = Plan()
    for edit in ListEdit.all {
      // At most half the rows, so that removals from an end always find one.
      let operations = configuration.quick ? edit.timedOperations / 10 : edit.timedOperations
      let count = OperationCount.fixed(max(1, min(operations, rows / 2)))
      plan.variants.append(
        Variant(
          name: edit.identifiedVariant, count: count,
          prepare: { ListEditTrials.identified(edit, rows: rows, operations: $0) }))
      plan.variants.append(
        Variant(
          name: edit.arrayVariant, count: count,
          prepare: { ListEditTrials.array(edit, rows: rows, operations: $0) }))
      // The goal is set for 100,000 rows; at the quick run's 10,000, Array's moves are ten times
      // shorter while hashing an id costs the same.
      plan.comparisons.append(
        Comparison(
          label: "\(edit.name): IdentifiedArray / Array", numerator: edit.identifiedVariant,
          denominator: edit.arrayVariant,
          goal: configuration.quick ? nil : Goal(atMost: 10, source: "issue 14")))
    }
    return plan
  }
}

extension InstructionScenario {
  /// The list edits, counted: each `IdentifiedArray` edit against the same edit of an `Array`.
  static let listEdits = InstructionScenario(
    name: "list-edits",
    title: "edits of 100,000 rows (10,000 with --quick), each IdentifiedArray edit against the "
      + "same edit of an Array"
  ) { configuration in
    let rows = configuration.quick ? 10_000 : 100_000
    var plan = InstructionPlan()
    for edit in ListEdit.all {
      plan.variants.append(
        CountedVariant(
          name: edit.identifiedVariant, unit: "edit", sizes: edit.sizes,
          prepare: { ListEditTrials.identified(edit, rows: rows, operations: $0) }))
      plan.variants.append(
        CountedVariant(
          name: edit.arrayVariant, unit: "edit", sizes: edit.sizes,
          prepare: { ListEditTrials.array(edit, rows: rows, operations: $0) }))
      plan.comparisons.append(
        InstructionComparison(
          label: "\(edit.name): IdentifiedArray / Array",
          kind: .ratio(numerator: edit.identifiedVariant, denominator: edit.arrayVariant),
          goal: configuration.quick ? nil : Goal(atMost: 10, source: "issue 14")))
    }
    return plan
  }
}

/// A seedable generator (the SplitMix64 algorithm), so that shuffles are the same in every run
/// and for both arrays.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

import Foundation
import Testing

@_spi(Testing) @testable import Conduit

@Suite struct StateDiffTests {
  struct Show: Equatable {
    var title: String
    var year = 2008
  }

  struct Row: Equatable, Identifiable {
    var id: Int
    var title: String
  }

  enum Status: Equatable {
    case idle
    case loading(query: String)
    case loaded(count: Int, [Show])
  }

  struct Catalog: Equatable {
    var query = ""
    var results: [Show] = []
    var rows: [Row] = []
    var selected: Show?
    var ratings: [String: Int] = [:]
    var tags: Set<String> = []
    var status = Status.idle
    var link = URL(string: "https://example.com/a")!
  }

  /// A reference type that can point at itself, and is not `Equatable`.
  final class Node {
    var value: Int
    var next: Node?

    init(_ value: Int) {
      self.value = value
    }
  }

  indirect enum Tree: Equatable {
    case leaf(Int)
    case node(Tree)

    static func depth(_ depth: Int, leaf: Int) -> Tree {
      (0..<depth).reduce(Tree.leaf(leaf)) { tree, _ in .node(tree) }
    }
  }

  private func lines<Value>(
    _ old: Value, _ new: Value, _ style: StateDiff.Style = .expectedActual
  ) -> [String] {
    StateDiff(from: old, to: new).lines(style)
  }

  @Test func equalValuesHaveNoChanges() {
    let catalog = Catalog(results: [Show(title: "Lost")], ratings: ["a": 1], tags: ["x"])
    #expect(StateDiff(from: catalog, to: catalog).changes.isEmpty)
  }

  @Test func nestedPropertyOfAnElementIsFoundByIndex() {
    let expected = Catalog(results: [Show(title: "Breaking Bad"), Show(title: "Lost")])
    var actual = expected
    actual.results[0].title = "Breaking"

    #expect(
      lines(expected, actual) == [
        #"results[0].title: expected "Breaking Bad", got "Breaking""#
      ])
  }

  @Test func extraAndMissingElementsByIndex() {
    #expect(lines([1, 2], [1, 2, 3]) == ["state[2]: unexpected element 3"])
    #expect(lines(["a", "b"], ["a"]) == [#"state[1]: missing element, expected "b""#])
  }

  @Test func identifiableElementsAreMatchedByID() {
    let old = Catalog(rows: [Row(id: 1, title: "A"), Row(id: 2, title: "B")])
    let new = Catalog(rows: [
      Row(id: 0, title: "Z"), Row(id: 1, title: "A"), Row(id: 2, title: "C"),
    ])

    #expect(
      lines(old, new) == [
        #"rows[id: 2].title: expected "B", got "C""#,
        #"rows[id: 0]: unexpected element StateDiffTests.Row(id: 0, title: "Z")"#,
      ])
  }

  @Test func reorderedIdentifiableElementsAreNamedByID() {
    let old = [Row(id: 1, title: "A"), Row(id: 2, title: "B")]
    let new = [Row(id: 2, title: "B"), Row(id: 1, title: "A")]

    #expect(lines(old, new) == ["state: expected order [1, 2], got [2, 1]"])
  }

  @Test func dictionaryEntriesAreComparedByKeyInSortedOrder() {
    let old = Catalog(ratings: ["b": 1, "a": 1, "c": 3])
    let new = Catalog(ratings: ["c": 3, "b": 2, "d": 4])

    #expect(
      lines(old, new) == [
        #"ratings["a"]: missing element, expected 1"#,
        #"ratings["b"]: expected 1, got 2"#,
        #"ratings["d"]: unexpected element 4"#,
      ])
  }

  @Test func setsAreComparedByMembership() {
    let old = Catalog(tags: ["drama", "crime", "old"])
    let new = Catalog(tags: ["drama", "crime", "new"])

    #expect(
      lines(old, new) == [
        #"tags: missing element, expected "old""#,
        #"tags: unexpected element "new""#,
      ])
  }

  @Test func optionalsCompareTheirWrappedValues() {
    let none = Catalog()
    let lost = Catalog(selected: Show(title: "Lost"))
    let dark = Catalog(selected: Show(title: "Dark"))

    #expect(
      lines(none, lost) == [
        #"selected: expected nil, got StateDiffTests.Show(title: "Lost", year: 2008)"#
      ])
    #expect(lines(lost, dark) == [#"selected.title: expected "Lost", got "Dark""#])
  }

  @Test func differentEnumCasesAreShownWhole() {
    #expect(
      lines(Catalog(status: .idle), Catalog(status: .loading(query: "x")))
        == [#"status: expected .idle, got .loading(query: "x")"#])
  }

  @Test func theSameEnumCaseIsComparedThroughItsPayload() {
    let old = Catalog(status: .loaded(count: 1, [Show(title: "Lost")]))
    let new = Catalog(status: .loaded(count: 2, [Show(title: "Dark")]))

    #expect(
      lines(old, new) == [
        "status(.loaded).count: expected 1, got 2",
        #"status(.loaded).1[0].title: expected "Lost", got "Dark""#,
      ])
  }

  @Test func typesThatDescribeThemselvesAreComparedWhole() {
    let new = Catalog(link: URL(string: "https://example.com/b")!)

    #expect(
      lines(Catalog(), new) == ["link: expected https://example.com/a, got https://example.com/b"])
  }

  @Test func beforeAfterStyleReadsAsALog() {
    let old = Catalog(query: "", results: [Show(title: "Lost")])
    let new = Catalog(query: "break", results: [])

    #expect(
      lines(old, new, .beforeAfter) == [
        #"query: "" → "break""#,
        #"results[0]: removed StateDiffTests.Show(title: "Lost", year: 2008)"#,
      ])
    #expect(lines([1], [1, 2], .beforeAfter) == ["state[1]: added 2"])
  }

  @Test func largeCollectionsListOnlyTheFirstChangedElements() {
    let old = Array(0..<1_000)
    var new = old
    for index in stride(from: 0, to: 150, by: 10) { new[index] = -index - 1 }

    let diff = lines(old, new)

    #expect(diff.count == 11)
    #expect(diff[0] == "state[0]: expected 0, got -1")
    #expect(diff[9] == "state[90]: expected 90, got -91")
    #expect(diff[10] == "state: 5 more changed elements not shown")
  }

  @Test func changesAreCappedInTotal() {
    let old = Array(repeating: Array(0..<20), count: 20)
    let new = old.map { row in row.map { -$0 - 1 } }

    let diff = lines(old, new)

    #expect(diff.count == StateDiffer.maxChanges + 1)
    #expect(diff.last == "state: more changes not shown")
  }

  @Test func referenceCyclesEnd() {
    let old = Node(1)
    old.next = Node(2)
    old.next?.next = old
    let new = Node(1)
    new.next = Node(3)
    new.next?.next = new

    #expect(lines(old, new) == ["next.value: expected 2, got 3"])
  }

  @Test func deepNestingIsBounded() throws {
    let diff = StateDiff(from: Tree.depth(50, leaf: 1), to: Tree.depth(50, leaf: 2))

    let change = try #require(diff.changes.first)
    #expect(diff.changes.count == 1)
    #expect(change.path.components.count == StateDiffer.maxDepth)
    #expect(
      diff.lines(.expectedActual).first
        == "state" + String(repeating: "(.node)", count: StateDiffer.maxDepth)
        + ": expected .node(.node(.node(.node(.node(…))))),"
        + " got .node(.node(.node(.node(.node(…)))))"
        + " (the values differ but read the same)")
  }

  @Test func unequalValuesWithNoVisibleDifferenceAreStillReported() {
    struct NeverEqual: Equatable {
      var value = 1
      static func == (lhs: Self, rhs: Self) -> Bool { false }
    }

    #expect(
      lines(NeverEqual(), NeverEqual()) == [
        "state: expected StateDiffTests.NeverEqual(value: 1),"
          + " got StateDiffTests.NeverEqual(value: 1) (the values differ but read the same)"
      ])
  }

  @Test func describeIsShortAndDeterministic() {
    #expect(StateDiff.describe(["b": 1, "a": 2]) == #"["a": 2, "b": 1]"#)
    #expect(StateDiff.describe(Status.loaded(count: 1, [])) == ".loaded(count: 1, [])")
    #expect(
      StateDiff.describe(Show(title: "Lost")) == #"StateDiffTests.Show(title: "Lost", year: 2008)"#)
    #expect(StateDiff.describe(Int?.none as Any) == "nil")
    #expect(StateDiff.describe(Array(1...10)) == "[1, 2, 3, 4, 5, 6, 7, 8, … 2 more]")
    #expect(StateDiff.describe(String(repeating: "x", count: 500)).count == 160)
  }

  @Test func pathsOverlapWhenOneLeadsIntoTheOther() {
    let results = StateDiff.Path([.property("results")])
    let title = StateDiff.Path([.property("results"), .index(0), .property("title")])
    let query = StateDiff.Path([.property("query")])

    #expect(results.overlaps(title))
    #expect(title.overlaps(results))
    #expect(!query.overlaps(title))
    #expect(StateDiff.Path().overlaps(query))
  }

  // MARK: - Elements and fields by name

  struct Toggle: Equatable {
    var title: String
    var isOn = false
  }

  /// Rows that are not `Identifiable`: the identified array knows their ids.
  struct Settings: Equatable {
    var rows = IdentifiedArray(
      uniqueElements: (1...50).map { Toggle(title: "Row \($0)") }, id: \.title)
  }

  @Test func aWrongFieldInAFiftyRowIdentifiedArrayNamesOnlyThatRowAndField() {
    let expected = Settings()
    var actual = expected
    actual.rows[id: "Row 17"]?.isOn = true

    #expect(lines(expected, actual) == [#"rows[id: "Row 17"].isOn: expected false, got true"#])
  }

  @Test func anIdentifiedArrayListsAddedAndRemovedElementsByID() {
    var old: IdentifiedArrayOf<Row> = [Row(id: 1, title: "A"), Row(id: 2, title: "B")]
    var new = old
    new.remove(id: 1)
    new.append(Row(id: 3, title: "C"))
    old[id: 2]?.title = "B"

    #expect(
      lines(old, new) == [
        #"state[id: 1]: missing element, expected StateDiffTests.Row(id: 1, title: "A")"#,
        #"state[id: 3]: unexpected element StateDiffTests.Row(id: 3, title: "C")"#,
      ])
    #expect(
      lines(old, new, .beforeAfter) == [
        #"state[id: 1]: removed StateDiffTests.Row(id: 1, title: "A")"#,
        #"state[id: 3]: added StateDiffTests.Row(id: 3, title: "C")"#,
      ])
  }

  @Test func anIdentifiedArrayIsNeverShownThroughItsStorage() {
    var old: IdentifiedArrayOf<Row> = [Row(id: 1, title: "A")]
    let new = old
    // Same elements, different edit history.
    old[id: 1]?.title = "A"

    #expect(old == new)
    #expect(StateDiff(from: old, to: new).changes.isEmpty)
    #expect(StateDiff.describe(new) == #"[StateDiffTests.Row(id: 1, title: "A")]"#)
  }

  @Test func rowsWithoutIDsAreNamedByIndex() {
    let old = (0..<5).map { Toggle(title: "\($0)") }
    var new = old
    new[3].isOn = true

    #expect(lines(old, new) == ["state[3].isOn: expected false, got true"])
  }

  @Test func nestedOptionalsAreUnwrapped() {
    struct Holder: Equatable {
      var inner: Show?? = .some(.some(Show(title: "Lost")))
    }
    var new = Holder()
    new.inner??.year = 2004

    #expect(lines(Holder(), new) == ["inner.year: expected 2008, got 2004"])
    #expect(
      lines(Holder(), Holder(inner: .some(nil)))
        == [#"inner: expected StateDiffTests.Show(title: "Lost", year: 2008), got nil"#])
  }

  @Test func aLongStringIsShownAroundItsFirstDifference() throws {
    let prefix = String(repeating: "a", count: 300)
    let diff = lines(prefix + "xyz" + prefix, prefix + "xqz" + prefix)

    let line = try #require(diff.first)
    #expect(diff.count == 1)
    #expect(line.hasPrefix(#"state: expected …aaaa"#))
    #expect(line.contains("axyzaaa"))
    #expect(line.contains("axqzaaa"))
  }

  @Test func aDifferenceBeyondTheElementsAShortDescriptionShowsIsShown() {
    // A type that describes itself, so it is compared whole, with a difference in its tenth
    // element, past the eight a short description lists.
    struct Tags: Equatable, CustomStringConvertible {
      var values: [Int]
      var description: String { "Tags" }
    }
    enum Filter: Equatable {
      case tags([Int])
    }
    let old = Filter.tags(Array(0..<10))
    var values = Array(0..<10)
    values[9] = 99
    let new = Filter.tags(values)

    #expect(lines(old, new) == ["state(.tags)[9]: expected 9, got 99"])
    #expect(
      lines(Tags(values: Array(0..<10)), Tags(values: values))
        == ["values[9]: expected 9, got 99"])
  }

  @Test func aLongSelfDescribingValueIsShownAroundItsFirstDifference() throws {
    let path = String(repeating: "a", count: 200)
    let old = try #require(URL(string: "https://example.com/\(path)/old"))
    let new = try #require(URL(string: "https://example.com/\(path)/new"))

    let diff = lines(old, new)

    #expect(diff.count == 1)
    #expect(diff.first?.contains("aaaa/old, got …") == true)
    #expect(diff.first?.hasSuffix("aaaa/new") == true)
    #expect(diff.first?.contains("read the same") == false)
  }

  @Test func aCustomMirrorIsWhatTheDiffWalks() {
    struct Money: Equatable, CustomDumpReflectable {
      var cents: Int
      var customDumpMirror: Mirror {
        Mirror(self, children: ["amount": Double(cents) / 100])
      }
    }
    struct Cart: Equatable {
      var total = Money(cents: 999)
    }

    #expect(
      lines(Cart(), Cart(total: Money(cents: 1_000))) == ["total.amount: expected 9.99, got 10.0"])
    #expect(StateDiff.describe(Money(cents: 250)) == "StateDiffTests.Money(amount: 2.5)")
  }
}

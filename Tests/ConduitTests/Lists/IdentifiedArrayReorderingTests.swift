import Testing

@testable import Conduit

@Suite struct IdentifiedArrayReorderingTests {
  struct Score: Identifiable, Comparable {
    var id: Int
    var points: Int

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.points < rhs.points }
  }

  func scores(_ points: [Int]) -> IdentifiedArrayOf<Score> {
    IdentifiedArray(uniqueElements: points.enumerated().map { Score(id: $0, points: $1) })
  }

  func lookupsAgree(_ array: IdentifiedArrayOf<Score>) -> Bool {
    array.ids.indices.allSatisfy { array.index(id: array.ids[$0]) == $0 }
  }

  /// The changes logged since `version`, described.
  func logged(_ array: IdentifiedArrayOf<Score>, since version: ChangeLog<Int>.Version) -> [String]
  {
    array.changes(since: version)?.map { change in
      if case .reordered = change { "reordered" } else { "other" }
    } ?? ["unknown"]
  }

  @Test func swapAtExchangesTwoElements() {
    var array = scores([10, 20, 30])
    let version = array.version
    array.swapAt(0, 2)
    #expect(array.ids == [2, 1, 0])
    #expect(lookupsAgree(array))
    #expect(logged(array, since: version) == ["reordered"])
  }

  @Test func swapAtOnePositionChangesNothing() {
    var array = scores([10, 20])
    let version = array.version
    array.swapAt(1, 1)
    #expect(array.ids == [0, 1])
    #expect(array.version == version)
  }

  @Test func reverseReversesAndKeepsLookups() {
    var array = scores([1, 2, 3, 4, 5])
    array.reverse()
    #expect(array.ids == [4, 3, 2, 1, 0])
    #expect(lookupsAgree(array))
  }

  @Test func sortOrdersByThePredicateOrByComparable() {
    var array = scores([30, 10, 20])
    array.sort(by: >)
    #expect(array.map(\.points) == [30, 20, 10])
    array.sort()
    #expect(array.map(\.points) == [10, 20, 30])
    #expect(array.ids == [1, 2, 0])
    #expect(lookupsAgree(array))
  }

  @Test func sortingASortedArrayLogsNothing() {
    var array = scores([1, 2, 3])
    let version = array.version
    array.sort()
    #expect(array.version == version)
  }

  @Test func sortThatThrowsLeavesTheArrayUnchanged() {
    struct Stop: Error {}
    var array = scores([3, 1, 2])
    #expect(throws: Stop.self) {
      try array.sort { lhs, rhs in
        if lhs.points == 2 || rhs.points == 2 { throw Stop() }
        return lhs.points < rhs.points
      }
    }
    #expect(array.ids == [0, 1, 2])
  }

  @Test func shuffleUsingAGeneratorMatchesArraysShuffle() {
    var array = scores(Array(0..<50))
    var plain = Array(array)
    var generator = SplitMix64(seed: 7)
    var sameGenerator = SplitMix64(seed: 7)
    array.shuffle(using: &generator)
    plain.shuffle(using: &sameGenerator)
    #expect(array.ids == plain.map(\.id))
    #expect(array.ids != Array(0..<50))
    #expect(lookupsAgree(array))
  }

  @Test func partitionPutsMatchingElementsLast() {
    var array = scores([5, 1, 8, 2, 9])
    let pivot = array.partition { $0.points > 4 }
    #expect(pivot == 2)
    #expect(array[..<pivot].allSatisfy { $0.points <= 4 })
    #expect(array[pivot...].allSatisfy { $0.points > 4 })
    #expect(Set(array.ids) == Set(0..<5))
    #expect(lookupsAgree(array))
  }
}

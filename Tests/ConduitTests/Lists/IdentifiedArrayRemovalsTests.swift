import Foundation
import Testing

@testable import Conduit

@Suite struct IdentifiedArrayRemovalsTests {
  /// Todos 1 to `count`, titled by their id.
  func todos(_ count: Int) -> IdentifiedArrayOf<Todo> {
    IdentifiedArray(uniqueElements: (1...count).map { Todo(id: $0, title: "\($0)") })
  }

  /// Whether every id's lookup gives its position, and only those ids are present.
  func lookupsAgree(_ todos: IdentifiedArrayOf<Todo>, absent: [Int] = []) -> Bool {
    todos.ids.indices.allSatisfy { todos.index(id: todos.ids[$0]) == $0 }
      && absent.allSatisfy { !todos.contains(id: $0) }
  }

  @Test func removeAllWhereKeepsTheOrderOfTheOthers() {
    var array = todos(10)
    array.removeAll { $0.id.isMultiple(of: 3) }
    #expect(array.ids == [1, 2, 4, 5, 7, 8, 10])
    #expect(lookupsAgree(array, absent: [3, 6, 9]))
  }

  @Test(arguments: [1, 40, 90, 100])
  func removeAllWhereWorksForAnyShareOfElements(removing: Int) {
    var array = todos(100)
    array.removeAll { $0.id <= removing }
    #expect(array.ids == Array((removing + 1)..<101))
    #expect(lookupsAgree(array, absent: Array(1...removing)))
  }

  @Test func removeAllWhereThatThrowsLeavesTheArrayUnchanged() {
    struct Stop: Error {}
    var array = todos(5)
    #expect(throws: Stop.self) {
      try array.removeAll { todo in
        if todo.id == 4 { throw Stop() }
        return todo.id == 2
      }
    }
    #expect(array.ids == [1, 2, 3, 4, 5])
  }

  @Test func removeAtOffsetsRemovesEveryOtherOfMany() {
    var array = todos(1_000)
    array.remove(atOffsets: IndexSet(stride(from: 0, to: 1_000, by: 2)))
    #expect(array.ids == Array(stride(from: 2, through: 1_000, by: 2)))
    #expect(lookupsAgree(array, absent: [1, 3, 999]))
  }

  @Test func removeFirstAndLastReturnTheElements() {
    var array = todos(4)
    #expect(array.removeFirst().id == 1)
    #expect(array.removeLast().id == 4)
    #expect(array.ids == [2, 3])
    #expect(lookupsAgree(array, absent: [1, 4]))
  }

  @Test func removeFirstAndLastOfKRemoveThatMany() {
    var array = todos(10)
    array.removeFirst(3)
    array.removeLast(2)
    #expect(array.ids == [4, 5, 6, 7, 8])
    #expect(lookupsAgree(array, absent: [1, 2, 3, 9, 10]))
    array.removeFirst(0)
    array.removeLast(5)
    #expect(array.isEmpty)
  }

  @Test func removeFirstOfAnEmptyArrayStopsWithAMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var todos = IdentifiedArrayOf<Todo>()
        todos.removeFirst()
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("removeFirst() on an empty array"))
  }

  @Test func removingMoreThanThereAreStopsWithAMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
        todos.removeLast(2)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("cannot remove the last 2 of 1 elements"))
  }

  @Test func removeSubrangeTakesRangesAndRangeExpressions() {
    var array = todos(8)
    array.removeSubrange(1..<3)
    #expect(array.ids == [1, 4, 5, 6, 7, 8])
    array.removeSubrange(4...)
    #expect(array.ids == [1, 4, 5, 6])
    array.removeSubrange(..<1)
    #expect(array.ids == [4, 5, 6])
    #expect(lookupsAgree(array, absent: [1, 2, 3, 7, 8]))
  }

  @Test func removeElementRemovesByIDAndReturnsTheArraysElement() {
    var array = todos(3)
    let removed = array.remove(Todo(id: 2, title: "other"))
    #expect(removed?.title == "2")
    #expect(array.remove(Todo(id: 2, title: "other")) == nil)
    #expect(array.ids == [1, 3])
  }

  @Test func removeAllKeepingCapacityEmptiesTheArray() {
    var array = todos(20)
    array.removeAll(keepingCapacity: true)
    #expect(array.isEmpty)
    #expect(!array.contains(id: 1))
    array.append(Todo(id: 1, title: "again"))
    #expect(array.index(id: 1) == 0)
  }

  @Test func filterReturnsAnIdentifiedArrayAndLeavesTheOriginal() {
    let array = todos(6)
    let even: IdentifiedArrayOf<Todo> = array.filter { $0.id.isMultiple(of: 2) }
    #expect(even.ids == [2, 4, 6])
    #expect(even.index(id: 6) == 2)
    #expect(!even.contains(id: 1))
    #expect(array.count == 6)
  }
}

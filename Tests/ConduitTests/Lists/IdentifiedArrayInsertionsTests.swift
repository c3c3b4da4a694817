import Testing

@testable import Conduit

@Suite struct IdentifiedArrayInsertionsTests {
  let milk = Todo(id: 1, title: "Milk")
  let eggs = Todo(id: 2, title: "Eggs")
  let bread = Todo(id: 3, title: "Bread")

  @Test func appendReportsTheNewElementsIndex() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let result = todos.append(bread)
    #expect(result.inserted == true)
    #expect(result.index == 2)
    #expect(todos.ids == [1, 2, 3])
  }

  @Test func appendingAPresentIDLeavesTheArrayUnchanged() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let version = todos.version
    let result = todos.append(Todo(id: 1, title: "Oat milk"))
    #expect(result.inserted == false)
    #expect(result.index == 0)
    #expect(todos.map(\.title) == ["Milk", "Eggs"])
    #expect(todos.version == version)
  }

  @Test func insertingAtTheFrontMovesTheOthersUp() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let result = todos.insert(bread, at: 0)
    #expect(result.inserted == true)
    #expect(result.index == 0)
    #expect(todos.ids == [3, 1, 2])
    #expect([1, 2, 3].map { todos.index(id: $0) } == [1, 2, 0])
  }

  @Test func insertingAPresentIDReportsWhereItIs() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    let result = todos.insert(Todo(id: 3, title: "Rye"), at: 0)
    #expect(result.inserted == false)
    #expect(result.index == 2)
    #expect(todos.ids == [1, 2, 3])
    #expect(todos[id: 3]?.title == "Bread")
  }

  @Test func insertingOutOfRangeStopsWithAMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
        todos.insert(Todo(id: 2, title: "B"), at: 3)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("offset 3 is out of range 0...1"))
  }

  @Test func appendContentsOfLeavesOutPresentIDs() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    todos.append(contentsOf: [eggs, Todo(id: 1, title: "Oat milk"), bread, Todo(id: 2, title: "")])
    #expect(todos.ids == [1, 2, 3])
    #expect(todos.map(\.title) == ["Milk", "Eggs", "Bread"])
  }

  @Test func updateOrAppendReplacesAnElementWhereItIs() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let original = todos.updateOrAppend(Todo(id: 1, title: "Oat milk"))
    #expect(original == milk)
    #expect(todos.map(\.title) == ["Oat milk", "Eggs"])
  }

  @Test func updateOrAppendAppendsANewElement() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    let original = todos.updateOrAppend(eggs)
    #expect(original == nil)
    #expect(todos.ids == [1, 2])
  }

  @Test func updateOrInsertReplacesWhereTheElementIsNotAtTheOffset() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    let result = todos.updateOrInsert(Todo(id: 3, title: "Rye"), at: 0)
    #expect(result.originalMember == bread)
    #expect(result.index == 2)
    #expect(todos.map(\.title) == ["Milk", "Eggs", "Rye"])
  }

  @Test func updateOrInsertInsertsANewElementAtTheOffset() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let result = todos.updateOrInsert(bread, at: 1)
    #expect(result.originalMember == nil)
    #expect(result.index == 1)
    #expect(todos.ids == [1, 3, 2])
  }

  @Test func updateAtReplacesTheElementAndReturnsTheOld() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let original = todos.update(Todo(id: 2, title: "Brown eggs"), at: 1)
    #expect(original == eggs)
    #expect(todos[id: 2]?.title == "Brown eggs")
  }

  @Test func updateAtWithAnotherIDStops() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
      todos.update(Todo(id: 2, title: "B"), at: 0)
    }
  }

  @Test func elementsAreAnArrayInOrder() {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    let elements: [Todo] = todos.elements
    #expect(elements == [milk, eggs, bread])
  }

  @Test func lookupsStayRightAcrossGrowth() {
    var todos = IdentifiedArrayOf<Todo>()
    todos.reserveCapacity(3)
    for id in 0..<100 { todos.insert(Todo(id: id, title: "\(id)"), at: id / 2) }
    #expect(todos.count == 100)
    #expect(todos.ids.indices.allSatisfy { todos.index(id: todos.ids[$0]) == $0 })
    #expect(!todos.contains(id: 100))
  }
}

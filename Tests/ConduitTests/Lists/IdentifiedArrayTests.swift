import Foundation
import Testing

@testable import Conduit

struct Todo: Identifiable, Equatable, Hashable, Codable, Sendable {
  var id: Int
  var title: String
  var isDone = false
}

@Suite struct IdentifiedArrayTests {
  let milk = Todo(id: 1, title: "Milk")
  let eggs = Todo(id: 2, title: "Eggs")
  let bread = Todo(id: 3, title: "Bread")

  @Test func keepsTheOrderOfItsElements() {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    #expect(todos.map(\.title) == ["Milk", "Eggs", "Bread"])
    #expect(todos.ids == [1, 2, 3])
    #expect(todos[1] == eggs)
  }

  @Test func readsAndWritesByID() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    todos[id: 2]?.isDone = true
    #expect(todos[id: 2]?.isDone == true)
    #expect(todos[id: 1]?.isDone == false)
    #expect(todos[id: 9] == nil)
  }

  @Test func settingNilRemovesTheElement() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    todos[id: 2] = nil
    #expect(todos.ids == [1, 3])
    #expect(todos.index(id: 3) == 1)
  }

  @Test func settingANewIDAppends() {
    var todos: IdentifiedArrayOf<Todo> = [milk]
    todos[id: 3] = bread
    #expect(todos.ids == [1, 3])
  }

  @Test func insertsAtAnOffset() {
    var todos: IdentifiedArrayOf<Todo> = [milk, bread]
    todos.insert(eggs, at: 1)
    #expect(todos.ids == [1, 2, 3])
    #expect(todos[id: 3] == bread)
  }

  @Test func removesByIDAndReturnsTheElement() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    #expect(todos.remove(id: 1) == milk)
    #expect(todos.remove(id: 1) == nil)
    #expect(todos.ids == [2])
  }

  @Test func removesAtOffsets() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread, Todo(id: 4, title: "Jam")]
    todos.remove(atOffsets: IndexSet([0, 2]))
    #expect(todos.ids == [2, 4])
    #expect(todos[id: 4]?.title == "Jam")
  }

  @Test(arguments: [
    (IndexSet([0]), 3, [2, 3, 1, 4]),
    (IndexSet([3]), 0, [4, 1, 2, 3]),
    (IndexSet([0, 2]), 4, [2, 4, 1, 3]),
    (IndexSet([1, 2]), 0, [2, 3, 1, 4]),
    (IndexSet([1]), 1, [1, 2, 3, 4]),
    (IndexSet([1]), 2, [1, 2, 3, 4]),
  ])
  func movesLikeSwiftUIsOnMove(source: IndexSet, destination: Int, expected: [Int]) {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread, Todo(id: 4, title: "Jam")]
    todos.move(fromOffsets: source, toOffset: destination)
    #expect(todos.ids == expected)
    #expect(todos.ids.map { todos.index(id: $0) } == [0, 1, 2, 3])
  }

  @Test func sortsInPlace() {
    var todos: IdentifiedArrayOf<Todo> = [milk, eggs, bread]
    todos.sort { $0.title < $1.title }
    #expect(todos.ids == [3, 2, 1])
    #expect(todos[id: 1] == milk)
  }

  @Test func hasValueSemantics() {
    let original: IdentifiedArrayOf<Todo> = [milk]
    var copy = original
    copy[id: 1]?.title = "Oat milk"
    #expect(original[id: 1]?.title == "Milk")
    #expect(copy[id: 1]?.title == "Oat milk")
  }

  @Test func equalityIgnoresHistory() {
    var edited: IdentifiedArrayOf<Todo> = [milk, eggs]
    edited[id: 1]?.title = "Oat"
    edited[id: 1]?.title = "Milk"
    #expect(edited == [milk, eggs])
    #expect(edited.hashValue == IdentifiedArrayOf<Todo>(uniqueElements: [milk, eggs]).hashValue)
    #expect(edited != [eggs, milk])
  }

  @Test func encodesAsAPlainArray() throws {
    let todos: IdentifiedArrayOf<Todo> = [milk, eggs]
    let data = try JSONEncoder().encode(todos)
    #expect(try JSONDecoder().decode([Todo].self, from: data) == [milk, eggs])
    #expect(data.first == UInt8(ascii: "["))
  }

  @Test func decodesAPlainArray() throws {
    let json = Data(
      #"[{"id":1,"title":"Milk","isDone":false},{"id":2,"title":"Eggs","isDone":true}]"#.utf8)
    let todos = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
    #expect(todos.ids == [1, 2])
    #expect(todos[id: 2]?.isDone == true)
  }

  @Test func decodingDuplicateIDsThrowsNamingTheID() {
    let json = Data(
      #"[{"id":7,"title":"A","isDone":false},{"id":7,"title":"B","isDone":false}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription.contains("Duplicate id 7")
    }
  }

  @Test func customIDFunctionIdentifiesElements() {
    var byTitle = IdentifiedArray(uniqueElements: [milk, eggs], id: \.title)
    byTitle[id: "Eggs"]?.isDone = true
    #expect(byTitle.ids == ["Milk", "Eggs"])
    #expect(byTitle[id: "Eggs"]?.isDone == true)
  }

  /// The edits "Working with Lists" shows, as it writes them.
  @Test func theEditsOfWorkingWithListsBehaveAsItSays() {
    struct State { var todos: IdentifiedArrayOf<Todo> = [] }
    var state = State()
    let todo = milk
    #expect(state.todos.append(todo) == (true, 0))
    #expect(state.todos.insert(todo, at: 0) == (false, 0))
    state.todos.updateOrAppend(Todo(id: 1, title: "Oat milk"))
    state.todos[id: todo.id]?.isDone.toggle()
    state.todos.append(contentsOf: [eggs, bread])
    state.todos.removeAll { $0.isDone }
    #expect(state.todos.ids == [2, 3])
    state.todos.remove(atOffsets: IndexSet([0]))
    state.todos.append(eggs)
    state.todos.move(fromOffsets: IndexSet([1]), toOffset: 0)
    state.todos.sort { $0.title < $1.title }
    let pending = state.todos.filter { !$0.isDone }
    #expect(pending.ids == [3, 2])
    #expect(state.todos.elements == [bread, eggs])
  }

  @Test func creatingFromDuplicateIDsStopsWithAMessageNamingIt() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = IdentifiedArray(uniqueElements: [Todo(id: 5, title: "A"), Todo(id: 5, title: "B")])
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("an element with id 5 is already present"))
  }

  @Test func literalWithDuplicateIDsStops() async {
    await #expect(processExitsWith: .failure) {
      let todos: IdentifiedArrayOf<Todo> = [Todo(id: 5, title: "A"), Todo(id: 5, title: "B")]
      _ = todos
    }
  }

  @Test func changingAnElementsIDThroughTheSubscriptStops() async {
    await #expect(processExitsWith: .failure) {
      var todos: IdentifiedArrayOf<Todo> = [Todo(id: 5, title: "A")]
      todos[id: 5]?.id = 6
    }
  }
}

@Suite struct ChangeLogTests {
  @Test func reportsEditsSinceAVersion() throws {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A"), Todo(id: 2, title: "B")]
    let start = todos.version
    todos[id: 2]?.isDone = true
    todos.append(Todo(id: 3, title: "C"))
    todos.remove(id: 1)

    let changes = try #require(todos.changes(since: start))

    #expect(changes.map(describe) == ["updated 2", "inserted 3 at 2", "removed 1 at 0"])
  }

  @Test func noChangesSinceTheCurrentVersion() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
    todos[id: 1]?.isDone = true
    #expect(todos.changes(since: todos.version)?.isEmpty == true)
  }

  @Test func editingACopyStartsANewHistory() {
    let original: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
    let start = original.version
    var copy = original
    copy[id: 1]?.isDone = true
    #expect(copy.changes(since: start) == nil)
    #expect(original.version == start)
  }

  @Test func tooManyChangesAreNotReported() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A")]
    let start = todos.version
    for index in 0...ChangeLog<Int>.capacity { todos[id: 1]?.title = "\(index)" }
    #expect(todos.changes(since: start) == nil)
  }

  @Test func changesWithinTheCapacityAreReportedAfterTheRingWraps() throws {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A"), Todo(id: 2, title: "B")]
    for index in 0..<(ChangeLog<Int>.capacity * 2 + 3) { todos[id: 1]?.title = "\(index)" }
    let middle = todos.version
    todos[id: 2]?.isDone = true
    let changes = try #require(todos.changes(since: middle))
    #expect(changes.map(describe) == ["updated 2"])
  }

  private func describe(_ change: ChangeLog<Int>.Change) -> String {
    switch change {
    case .updated(let id): "updated \(id)"
    case .inserted(let id, let offset): "inserted \(id) at \(offset)"
    case .removed(let id, let offset): "removed \(id) at \(offset)"
    case .reordered: "reordered"
    case .reset: "reset"
    }
  }
}

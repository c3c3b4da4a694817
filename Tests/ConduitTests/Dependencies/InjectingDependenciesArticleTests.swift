import Foundation
import Testing

@testable import Conduit

/// The reducer of the "Ids and dates" section of "Injecting Dependencies".
private struct Notes: Reducer {
  struct Note: Equatable {
    var id: UUID
    var createdAt: Date
  }

  struct State: Equatable {
    var notes: [Note] = []
  }

  enum Action: Equatable {
    case addTapped
  }

  var uuid: UUIDGenerator = .live
  var now: DateGenerator = .live

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addTapped:
      state.notes.append(Note(id: uuid(), createdAt: now()))
      return .none
    }
  }
}

@MainActor
@Suite struct InjectingDependenciesArticleTests {
  @Test func idsAndDatesAreTheOnesTheTestGave() throws {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let store = Store(
      initialState: Notes.State(), reducer: Notes(uuid: .incrementing, now: .constant(date)))

    store.send(.addTapped)
    store.send(.addTapped)

    #expect(
      store.state.notes == [
        Notes.Note(
          id: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000")),
          createdAt: date),
        Notes.Note(
          id: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001")),
          createdAt: date),
      ])
  }

  @Test func liveDefaultsMakeDistinctIDs() {
    var state = Notes.State()
    _ = Notes().reduce(into: &state, action: .addTapped)
    _ = Notes().reduce(into: &state, action: .addTapped)
    #expect(state.notes[0].id != state.notes[1].id)
  }
}

import Conduit
import ConduitTesting
import Foundation
import Testing

/// The tests of the article "Navigating Between Screens", as the article shows them.
@MainActor
@Suite struct NavigatingBetweenScreensTests {
  @Test func addingAMeeting() async {
    let store = TestStore(
      initialState: MeetingsList.State(), reducer: MeetingsList(uuid: .incrementing))
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

    await store.send(.addTapped) {
      $0.destination = .add(MeetingForm.State(meeting: Meeting(id: id)))
    }
    await store.send(.destination(.presented(.add(.binding(.set(\.meeting.title, "Standup")))))) {
      $0.destination = .add(
        MeetingForm.State(meeting: Meeting(id: id, title: "Standup"), canSave: true))
    }
    await store.send(.destination(.presented(.add(.saveTapped))))
    await store.receive(
      .destination(.presented(.add(.delegate(.save(Meeting(id: id, title: "Standup"))))))
    ) {
      $0.meetings = [Meeting(id: id, title: "Standup")]
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deletingAMeeting() async {
    let meeting = Meeting(id: UUID(), title: "Retro")
    let store = TestStore(
      initialState: MeetingsList.State(meetings: [meeting]), reducer: MeetingsList(uuid: .live))

    await store.send(.deleteTapped(id: meeting.id)) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete this meeting?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDelete(id: meeting.id)) {
            TextState("Delete")
          }
          ButtonState(role: .cancel) { TextState("Cancel") }
        })
    }
    await store.send(.destination(.presented(.alert(.confirmDelete(id: meeting.id))))) {
      $0.destination = nil
      $0.meetings = []
    }
  }

  @Test func openingAndClosingAMeeting() async {
    let meeting = Meeting(id: UUID(), title: "Planning")
    let store = TestStore(
      initialState: MeetingsApp.State(list: MeetingsList.State(meetings: [meeting])),
      reducer: MeetingsApp(uuid: .incrementing))

    await store.send(.open(meeting.id)) {
      $0.path.append(MeetingDetail.State(meeting: meeting))
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path.pop(from: 0)
    }
  }
}

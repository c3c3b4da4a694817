// The code of the DocC article "Navigating Between Screens"
// (Sources/Conduit/Conduit.docc/NavigatingBetweenScreens.md): each `swift` block of the article
// is in this file or in NavigatingBetweenScreensTests.swift, word for word, which
// ConduitTests/Documentation checks. The features compile and are tested here, in a test
// target; the views, inside `#if canImport(SwiftUI)`, compile on Linux in Checks/SwiftUIGlue,
// whose GlueUsage target links to this file, against the stand-in SwiftUI.
import Conduit
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

struct Meeting: Equatable, Identifiable, Sendable {
  let id: UUID
  var title = ""
  var notes = ""
}

// MARK: - A form in a sheet, which dismisses itself

struct MeetingForm: Reducer {
  struct State: Equatable, Sendable {
    var meeting: Meeting
    var canSave = false
  }

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case saveTapped
    case cancelTapped
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable {
      case save(Meeting)
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
      .onChange(of: \.meeting.title) { _, title in
        Reduce { state, _ in
          state.canSave = !title.isEmpty
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .saveTapped:
        // Tell the parent, then leave: the parent never has to dismiss by hand.
        return .merge(.send(.delegate(.save(state.meeting))), .dismiss)
      case .cancelTapped:
        return .dismiss
      case .binding, .delegate:
        return .none
      }
    }
  }
}

// MARK: - The list, with a sheet and an alert as one destination

struct MeetingsList: Reducer {
  struct State: Equatable {
    var meetings: IdentifiedArrayOf<Meeting> = []
    @Presents var destination: Destination.State?
  }

  enum Action: Equatable, Sendable {
    case addTapped
    case deleteTapped(id: Meeting.ID)
    case destination(PresentationAction<Destination.Action>)
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case add(MeetingForm.State)
      case alert(AlertState<Alert>)
    }

    enum Action: Equatable, Sendable {
      case add(MeetingForm.Action)
      case alert(Alert)
    }

    enum Alert: Equatable, Sendable {
      case confirmDelete(id: Meeting.ID)
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.add, action: Action.add) { MeetingForm() }
    }
  }

  let uuid: UUIDGenerator

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.destination = .add(MeetingForm.State(meeting: Meeting(id: uuid())))
      case .destination(.presented(.add(.delegate(.save(let meeting))))):
        state.meetings.append(meeting)
      case .deleteTapped(let id):
        state.destination = .alert(
          AlertState {
            TextState("Delete this meeting?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDelete(id: id)) {
              TextState("Delete")
            }
            ButtonState(role: .cancel) { TextState("Cancel") }
          })
      case .destination(.presented(.alert(.confirmDelete(let id)))):
        // The alert is already nil here.
        state.meetings.remove(id: id)
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

// MARK: - A stack of screens

struct MeetingDetail: Reducer {
  struct State: Equatable, Sendable {
    var meeting: Meeting
  }

  enum Action: Equatable, Sendable {
    case closeTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeTapped:
      // On a stack, dismissing pops this screen.
      return .dismiss
    }
  }
}

struct MeetingsApp: Reducer {
  struct State: Equatable {
    var list = MeetingsList.State()
    var path = StackState<MeetingDetail.State>()
  }

  enum Action: Equatable, Sendable {
    case list(MeetingsList.Action)
    case path(StackActionOf<MeetingDetail>)
    case open(Meeting.ID)
  }

  let uuid: UUIDGenerator

  var body: some Reducer<State, Action> {
    Scope(state: \.list, action: Action.list) { MeetingsList(uuid: uuid) }
    Reduce { state, action in
      if case .open(let id) = action, let meeting = state.list.meetings[id: id] {
        state.path.append(MeetingDetail.State(meeting: meeting))
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { MeetingDetail() }
  }
}

// MARK: - The views

#if canImport(SwiftUI)
  struct MeetingFormView: View {
    let store: Store<MeetingForm.State, MeetingForm.Action>

    var body: some View {
      TitleField(text: store.binding(\.meeting.title))
      Button("Save", action: { store.send(.saveTapped) })
      Button("Cancel", role: .cancel, action: { store.send(.cancelTapped) })
    }
  }

  struct TitleField: View {
    @Binding var text: String
    var body: some View { Text(text) }
  }

  struct MeetingsListView: View {
    let store: Store<MeetingsList.State, MeetingsList.Action>

    var body: some View {
      let destination = store.scope(state: \.$destination, action: MeetingsList.Action.destination)
      List(store.meetings, id: \.id) { meeting in
        Button(meeting.title, action: { store.send(.deleteTapped(id: meeting.id)) })
      }
      .sheet(
        store: destination?.scope(
          state: MeetingsList.Destination.State.add, action: MeetingsList.Destination.Action.add)
      ) { form in
        MeetingFormView(store: form)
      }
      .alert(
        store: destination?.scope(
          state: MeetingsList.Destination.State.alert,
          action: MeetingsList.Destination.Action.alert))
    }
  }
  struct MeetingsAppView: View {
    let store: Store<MeetingsApp.State, MeetingsApp.Action>

    var body: some View {
      NavigationStackStore(store, path: \.path, action: MeetingsApp.Action.path) {
        MeetingsListView(store: store.scope(state: \.list, action: MeetingsApp.Action.list))
      } destination: { detail in
        MeetingDetailView(store: detail)
      }
    }
  }

  struct MeetingDetailView: View {
    let store: Store<MeetingDetail.State, MeetingDetail.Action>

    var body: some View {
      Text(store.meeting.title)
      Button("Close", action: { store.send(.closeTapped) })
    }
  }
#endif

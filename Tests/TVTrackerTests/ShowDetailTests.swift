import Conduit
import ConduitTesting
import Testing

@testable import TVTrackerCore

/// A show's screen on its own, in a test store: loading, the cursor, the un-watch dialog and
/// the note form. How the app answers its delegate actions is in ``AppFeatureTests``.
@MainActor
@Suite struct ShowDetailTests {
  private func makeStore(
    _ state: ShowDetail.State = .breakwater, clock: TestClock = TestClock()
  ) -> TestStore<ShowDetail.State, ShowDetail.Action> {
    TestStore(initialState: state, reducer: ShowDetail(catalog: .test, clock: clock))
  }

  private func loaded(note: String = "", watched: Set<Ids> = []) -> ShowDetail.State {
    var state = ShowDetail.State(show: 1, title: "Breakwater", network: "Northline", note: note)
    state.isLoading = false
    state.episodes = .breakwater(watched: watched)
    return state
  }

  @Test func theEpisodesArriveAfterTheLoadingDelayOnTheInjectedClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)

    await store.send(.task)
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.isLoading)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.episodesLoaded(Catalog.test.shows[0].episodes)) {
      $0.isLoading = false
      $0.episodes = .breakwater()
    }
    await store.finish()
  }

  @Test func aScreenThatHasLoadedDoesNotLoadAgain() async {
    let store = makeStore(loaded())
    await store.send(.task)
    await store.finish()
  }

  @Test func theCursorStaysOnTheEpisodes() async {
    let store = makeStore(loaded())
    await store.send(.selectionMoved(by: 2)) { $0.selection = 2 }
    await store.send(.selectionMoved(by: 5))
    await store.send(.selectionMoved(by: -9)) { $0.selection = 0 }
  }

  @Test func watchingAnEpisodeAsksTheApp() async {
    let store = makeStore(loaded())
    await store.send(.episodes(.element(id: .breakwater2, action: .watchTapped)))
    await store.receive(.delegate(.setWatched(.breakwater2, true)))
  }

  @Test func unwatchingAsksForConfirmationFirst() async {
    let store = makeStore(loaded(watched: [.breakwater2]))

    await store.send(.episodes(.element(id: .breakwater2, action: .unwatchTapped))) {
      $0.destination = .confirmUnwatch(
        ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Mark \"Slack Tide\" (S01E02) unwatched?")
        } actions: {
          ButtonState(role: .destructive, action: .unwatch(.breakwater2)) {
            TextState("Mark unwatched")
          }
          ButtonState(role: .cancel) { TextState("Keep it watched") }
        } message: {
          TextState("It leaves your history, with the time you watched it.")
        })
    }
  }

  @Test func confirmingClosesTheDialogBeforeAskingTheAppToUnwatch() async {
    var state = loaded(watched: [.breakwater2])
    state.destination = .confirmUnwatch(
      ShowDetail.unwatchDialog(for: state.episodes[id: .breakwater2]!))
    let store = makeStore(state)

    await store.send(.destination(.presented(.confirmUnwatch(.unwatch(.breakwater2))))) {
      $0.destination = nil
    }
    await store.receive(.delegate(.setWatched(.breakwater2, false)))
  }

  @Test func theDialogsCancelButtonSendsNoAction() {
    let dialog = ShowDetail.unwatchDialog(for: loaded().episodes[id: .breakwater1]!)
    #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
    #expect(dialog.buttons.map(\.action.action) == [.unwatch(.breakwater1), nil])
    #expect(dialog.cancelButton?.label == TextState("Keep it watched"))
  }

  @Test func theNoteFormStartsFromTheSavedNote() async {
    let store = makeStore(loaded(note: "Finish season 1"))
    await store.send(.noteTapped) {
      $0.destination = .note(NoteForm.State(showTitle: "Breakwater", text: "Finish season 1"))
    }
  }

  @Test func savingTheFormDismissesItAndHandsTheTrimmedNoteToTheApp() async {
    var state = loaded()
    state.destination = .note(NoteForm.State(showTitle: "Breakwater", text: "  Finish it  "))
    let store = makeStore(state)

    await store.send(.destination(.presented(.note(.saveTapped)))) { $0.note = "Finish it" }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.receive(.delegate(.noteSaved("Finish it")))
    await store.finish()
  }

  @Test func cancellingTheFormDismissesItFromAnEffectAndKeepsTheNote() async {
    var state = loaded(note: "old")
    state.destination = .note(NoteForm.State(showTitle: "Breakwater", text: "new"))
    let store = makeStore(state)

    await store.send(.destination(.presented(.note(.cancelTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }
}

/// The note form on its own: the bound field and its one-line limit.
@MainActor
@Suite struct NoteFormTests {
  private func makeStore(_ text: String = "") -> TestStore<NoteForm.State, NoteForm.Action> {
    TestStore(
      initialState: NoteForm.State(showTitle: "Breakwater", text: text), reducer: NoteForm())
  }

  @Test func aBindingSetsTheText() async {
    let store = makeStore()
    await store.send(.binding(.set(\.text, "Finish season 1"))) { $0.text = "Finish season 1" }
  }

  @Test func theNoteIsCutToItsMaximumLength() async {
    let store = makeStore()
    let long = String(repeating: "x", count: NoteForm.maximumLength + 5)
    await store.send(.set(\.text, long)) {
      $0.text = String(repeating: "x", count: NoteForm.maximumLength)
    }
  }

  @Test func pastedLineBreaksBecomeSpaces() async {
    let store = makeStore()
    await store.send(.set(\.text, "one\ntwo\tthree")) { $0.text = "one two three" }
  }

  @Test func aBindingMatchesItsFieldInASwitch() {
    let action = NoteForm.Action.binding(.set(\.text, "x"))
    switch action {
    case .binding(\.text): break
    default: Issue.record("the binding did not match \\.text")
    }
  }
}

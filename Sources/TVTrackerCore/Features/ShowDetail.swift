import Conduit
import Foundation

/// A show's screen, pushed on the app's navigation stack from Search or Activity: the show's
/// episodes, each a row with its watched mark, and the show's note.
///
/// The screen loads its episodes after ``loadDelay`` on the injected clock, standing in for a
/// request to a server, so a screen popped before they arrive has an effect to cancel (the
/// stack's `forEach` cancels it). The history is the app's, so the screen does not change it:
/// it asks through ``Action/Delegate`` actions, and ``AppFeature`` writes the marks back into
/// the rows. Un-watching asks first, in a confirmation dialog; the note is edited in a form
/// presented over the screen. Both are cases of one optional ``Destination``.
struct ShowDetail: Reducer {
  struct State: Equatable {
    let show: Int
    let title: String
    let network: String
    /// The show's note as last saved; empty for none.
    var note: String
    var isLoading = true
    var episodes: IdentifiedArrayOf<EpisodeRow.State> = []
    /// The episode under the cursor.
    var selection = 0
    @Presents var destination: Destination.State?

    init(show: Int, title: String, network: String, note: String = "") {
      self.show = show
      self.title = title
      self.network = network
      self.note = note
    }
  }

  enum Action: Equatable, Sendable {
    /// Sent when the screen appears, as a SwiftUI view's `.task` would: starts loading.
    case task
    case episodesLoaded([Episode])
    case episodes(IdentifiedActionOf<EpisodeRow>)
    case selectionMoved(by: Int)
    case noteTapped
    case destination(PresentationAction<Destination.Action>)
    case delegate(Delegate)

    /// What the screen asks of the app, which owns the history and the notes.
    enum Delegate: Equatable, Sendable {
      case setWatched(Ids, Bool)
      case noteSaved(String)
    }
  }

  /// What the screen presents: the dialog before un-watching, or the note form.
  struct Destination: Reducer {
    enum State: Equatable {
      case confirmUnwatch(ConfirmationDialogState<Action.ConfirmUnwatch>)
      case note(NoteForm.State)
    }

    enum Action: Equatable, Sendable {
      case confirmUnwatch(ConfirmUnwatch)
      case note(NoteForm.Action)

      enum ConfirmUnwatch: Equatable, Sendable {
        case unwatch(Ids)
      }
    }

    var body: some Reducer<State, Action> {
      Scope(state: State.note, action: Action.note) { NoteForm() }
    }
  }

  let catalog: Catalog
  let clock: any Clock<Duration>
  var loadDelay = Duration.milliseconds(300)

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .task:
        guard state.isLoading else { return .none }
        let episodes = catalog.showsByID[state.show]?.episodes ?? []
        let clock = clock
        let delay = loadDelay
        return .run { send in
          try await clock.sleep(for: delay)
          await send(.episodesLoaded(episodes))
        }

      case .episodesLoaded(let episodes):
        state.isLoading = false
        state.episodes = IdentifiedArray(
          uniqueElements: episodes.enumerated().map { index, episode in
            EpisodeRow.State(
              ids: episode.ids, number: index + 1, title: episode.title,
              aired: episode.firstAired.map(ShortDate.string(from:)) ?? "")
          })
        state.selection = min(state.selection, max(0, state.episodes.count - 1))
        return .none

      case .episodes(.element(let ids, .watchTapped)):
        return .send(.delegate(.setWatched(ids, true)))

      case .episodes(.element(let ids, .unwatchTapped)):
        guard let row = state.episodes[id: ids] else { return .none }
        state.destination = .confirmUnwatch(Self.unwatchDialog(for: row))
        return .none

      case .selectionMoved(let offset):
        state.selection = min(
          max(0, state.selection + offset), max(0, state.episodes.count - 1))
        return .none

      case .noteTapped:
        state.destination = .note(NoteForm.State(showTitle: state.title, text: state.note))
        return .none

      case .destination(.presented(.confirmUnwatch(.unwatch(let ids)))):
        // The dialog is already gone: a presentation clears a dialog before its parent runs.
        return .send(.delegate(.setWatched(ids, false)))

      case .destination(.presented(.note(.saveTapped))):
        // The form dismisses itself; its text is still here until that arrives.
        guard case .note(let form)? = state.destination else { return .none }
        let note = form.text.trimmingCharacters(in: .whitespaces)
        state.note = note
        return .send(.delegate(.noteSaved(note)))

      case .episodes, .destination, .delegate:
        return .none
      }
    }
    .forEach(\.episodes, action: Action.episodes) { EpisodeRow() }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }

  /// The question asked before un-watching `row`.
  static func unwatchDialog(
    for row: EpisodeRow.State
  ) -> ConfirmationDialogState<Destination.Action.ConfirmUnwatch> {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Mark \"\(row.title)\" (\(row.ids.code)) unwatched?")
    } actions: {
      ButtonState(role: .destructive, action: .unwatch(row.ids)) {
        TextState("Mark unwatched")
      }
      ButtonState(role: .cancel) { TextState("Keep it watched") }
    } message: {
      TextState("It leaves your history, with the time you watched it.")
    }
  }
}

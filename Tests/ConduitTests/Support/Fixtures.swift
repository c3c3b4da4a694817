import Foundation
import Observation

@_spi(Testing) @testable import Conduit

// MARK: - The tab app of `observe-view-state.txt`, adapted only where it used macros.

struct Activity: Reducer {
  struct State: Equatable {
    var events: [String] = []
  }

  enum Action: Equatable {
    case eventLogged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .eventLogged(let event):
      state.events.append(event)
      return .none
    }
  }
}

struct Search: Reducer {
  struct State: Equatable {
    var query = ""
  }

  enum Action: Equatable {
    case queryChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .none
    }
  }
}

struct Profile: Reducer {
  struct State: Equatable {
    var name = "Ada"
  }

  enum Action: Equatable {
    case renamed(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .renamed(let name):
      state.name = name
      return .none
    }
  }
}

struct AppFeature: Reducer {
  enum Tab: Equatable { case activity, search, profile }

  struct State: Equatable {
    var activity = Activity.State()
    var search = Search.State()
    var profile = Profile.State()
    var selectedTab = Tab.activity
  }

  enum Action: Equatable {
    case activity(Activity.Action)
    case search(Search.Action)
    case profile(Profile.Action)
    case tabSelected(Tab)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.activity, action: Action.activity) { Activity() }
    Scope(state: \.search, action: Action.search) { Search() }
    Scope(state: \.profile, action: Action.profile) { Profile() }
    Reduce { state, action in
      if case .tabSelected(let tab) = action { state.selectedTab = tab }
      return .none
    }
  }
}

// MARK: - The history screen of `redux-connectors.txt`.

struct Ids: Hashable {
  var show: Int
  var season: Int
  var episode: Int
}

struct Episode: Equatable {
  var title: String
  var firstAired: Date?
}

struct ShowImages: Equatable {
  struct Poster: Equatable {
    var url: URL
  }

  var tvPosters: [Poster]?
}

struct HistoryAppState: Equatable {
  var episodes: [Ids: Episode] = [:]
  var showImages: [Ids: ShowImages] = [:]
  var watchedHistory: [Ids] = []
  var unrelatedCounter = 0
}

enum HistoryAppAction: Equatable {
  case markAsWatched(episode: Ids, watched: Bool)
  case bumpUnrelated
}

struct HistoryApp: Reducer {
  func reduce(
    into state: inout HistoryAppState, action: HistoryAppAction
  ) -> Effect<HistoryAppAction> {
    switch action {
    case .markAsWatched(let ids, let watched):
      state.watchedHistory.removeAll { $0 == ids }
      if watched { state.watchedHistory.insert(ids, at: 0) }
    case .bumpUnrelated:
      state.unrelatedCounter += 1
    }
    return .none
  }
}

enum HistoryView {
  struct State: Equatable {
    let posters: [Poster]

    struct Poster: Hashable {
      let ids: Ids
      let imageURL: URL?
      let title: String
      let subtitle: String
    }
  }

  enum Action: Equatable {
    case markAsWatched(episode: Ids)
  }

  typealias ViewModel = Store<State, Action>
}

extension DateFormatter {
  /// A fixed format and time zone, so tests do not depend on the machine's locale.
  static let shortDate: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()
}

struct WatchedHistoryConnector: Connector, Hashable {
  func connect(state: HistoryAppState) -> HistoryView.State {
    .init(
      posters: state.watchedHistory.compactMap { ids in
        let episode = state.episodes[ids]
        return HistoryView.State.Poster(
          ids: ids,
          imageURL: state.showImages[ids]?.tvPosters?.first?.url,
          title: episode?.title ?? "",
          // The seed's `string(for: episode?.firstAired)` warns in Swift 6 (optional to `Any`).
          subtitle: episode?.firstAired.map(DateFormatter.shortDate.string(from:)) ?? ""
        )
      })
  }

  func connect(action: HistoryView.Action) -> HistoryAppAction {
    switch action {
    case .markAsWatched(let episode):
      return .markAsWatched(episode: episode, watched: true)
    }
  }
}

// MARK: - A counter with a list beside it, for derivation and effect tests.

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var items: [Int] = []
    var label = ""
  }

  enum Action: Equatable, Sendable {
    case increment
    case setItem(index: Int, value: Int)
    case setLabel(String)
    case noop
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .setItem(let index, let value): state.items[index] = value
    case .setLabel(let label): state.label = label
    case .noop: break
    }
    return .none
  }
}

// MARK: - Observation helpers.

/// Counts how many times Observation reports a change of a store's `state`, re-arming the
/// one-shot `withObservationTracking` after every report, as SwiftUI does.
@MainActor
final class ObservationCount<State, Action> {
  private(set) var count = 0
  /// The state read inside `onChange`, to check that observers see the new value.
  private(set) var statesSeenInOnChange: [State] = []
  private let store: Store<State, Action>

  init(_ store: Store<State, Action>) {
    self.store = store
    arm()
  }

  private func arm() {
    withObservationTracking {
      _ = store.state
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.statesSeenInOnChange.append(self.store.state)
        self.arm()
      }
    }
  }
}

/// Counts calls, for closures handed to the store.
@MainActor
final class CallCount {
  var value = 0
}

// MARK: - A list of rows, and an optional detail, for the lists tests.

struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
    var isOn = false
  }

  enum Action: Equatable, Sendable {
    case toggled
    case renamed(String)
    case load(Gate)
    case loaded(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggled:
      state.isOn.toggle()
      return .none
    case .renamed(let title):
      state.title = title
      return .none
    case .load(let gate):
      return .run { send in
        await gate.wait()
        await send(.loaded("late"))
      }
    case .loaded(let title):
      state.title = title
      return .none
    }
  }
}

struct Detail: Reducer {
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case edited(String)
    case load(Gate)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edited(let text):
      state.text = text
      return .none
    case .load(let gate):
      return .run { send in
        await gate.wait()
        await send(.edited("late"))
      }
    }
  }
}

struct ListFeature: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
    var detail: Detail.State?
    var counter = 0
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<Row>)
    case detail(Detail.Action)
    case add(Int)
    case remove(Int)
    case move(from: Int, to: Int)
    case replaceAll([Int])
    case removeAll
    case increment
    case present
    case dismiss
    case renameAll(String)
    case addThenRemove(Int)
    case addThenMoveToFront(Int)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addThenRemove(let id):
        state.rows.append(Row.State(id: id))
        state.rows.remove(id: id)
      case .addThenMoveToFront(let id):
        state.rows.append(Row.State(id: id))
        state.rows.move(fromOffsets: [state.rows.count - 1], toOffset: 0)
      case .add(let id): state.rows.append(Row.State(id: id, title: "row \(id)"))
      case .remove(let id): state.rows.remove(id: id)
      case .move(let from, let to): state.rows.move(fromOffsets: [from], toOffset: to)
      case .replaceAll(let ids):
        state.rows = IdentifiedArray(
          uniqueElements: ids.map { Row.State(id: $0, title: "row \($0)") })
      case .removeAll: state.rows.removeAll()
      case .increment: state.counter += 1
      case .present: state.detail = Detail.State()
      case .dismiss: state.detail = nil
      case .renameAll(let title):
        for index in state.rows.indices { state.rows[index].title = title }
      case .rows, .detail: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { Row() }
    .ifLet(\.detail, action: Action.detail) { Detail() }
  }

  static func rows(_ ids: ClosedRange<Int>) -> IdentifiedArrayOf<Row.State> {
    IdentifiedArray(uniqueElements: ids.map { Row.State(id: $0, title: "row \($0)") })
  }
}

/// Values appended on the main actor, by effects and by closures handed to an executor.
@MainActor
final class Log<Value> {
  private(set) var values: [Value] = []

  func append(_ value: Value) {
    values.append(value)
  }
}

/// Records every action a root store receives, then runs `base`: for tests that check which
/// actions, child effects' included, reached the root.
struct RecordingActions<Base: Reducer>: Reducer {
  let base: Base
  let record: (Base.Action) -> Void

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    record(action)
    return base.reduce(into: &state, action: action)
  }
}

/// Runs `body`, collecting the runtime warnings it prints instead of printing them.
@MainActor
func collectingWarnings(_ body: () -> Void) -> [RuntimeWarnings.Warning] {
  let warnings = Locked<[RuntimeWarnings.Warning]>([])
  RuntimeWarnings.$handler.withValue(
    RuntimeWarnings.Handler { warning in warnings.withLock { $0.append(warning) } }
  ) {
    body()
  }
  return warnings.withLock { $0 }
}

/// Awaits `body`, collecting the runtime warnings it prints instead of printing them.
@MainActor
func collectingWarnings(_ body: () async -> Void) async -> [RuntimeWarnings.Warning] {
  let warnings = Locked<[RuntimeWarnings.Warning]>([])
  await RuntimeWarnings.$handler.withValue(
    RuntimeWarnings.Handler { warning in
      warnings.withLock { $0.append(warning) }
    }
  ) {
    await body()
  }
  return warnings.withLock { $0 }
}

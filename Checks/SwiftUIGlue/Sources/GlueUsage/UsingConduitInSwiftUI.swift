// The code of the DocC article "Using Conduit in SwiftUI"
// (Sources/Conduit/Conduit.docc/UsingConduitInSwiftUI.md). Each `swift` block of the article
// is in this file, word for word, and ConduitTests/Documentation checks that it still is; here
// it is compiled against the stand-in SwiftUI.
import Conduit
import Foundation
import SwiftUI

// MARK: - The features of the seeds' tab app

struct ActivityFeature: Reducer {
  struct State: Equatable { var events: [String] = [] }
  enum Action: Equatable { case refresh }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct SearchFeature: Reducer {
  struct State: Equatable { var query = "" }
  enum Action: Equatable { case queryChanged(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .queryChanged(let query) = action { state.query = query }
    return .none
  }
}

struct ProfileFeature: Reducer {
  struct State: Equatable { var name = "Ada" }
  enum Action: Equatable { case renamed(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .renamed(let name) = action { state.name = name }
    return .none
  }
}

struct AppFeature: Reducer {
  enum Tab: Hashable, Sendable { case activity, search, profile }

  struct State: Equatable {
    var activity = ActivityFeature.State()
    var search = SearchFeature.State()
    var profile = ProfileFeature.State()
    var selectedTab = Tab.activity
  }

  enum Action: Equatable {
    case activity(ActivityFeature.Action)
    case search(SearchFeature.Action)
    case profile(ProfileFeature.Action)
    case tabSelected(Tab)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.activity, action: Action.activity) { ActivityFeature() }
    Scope(state: \.search, action: Action.search) { SearchFeature() }
    Scope(state: \.profile, action: Action.profile) { ProfileFeature() }
    Reduce { state, action in
      if case .tabSelected(let tab) = action { state.selectedTab = tab }
      return .none
    }
  }
}

struct ActivityView: View {
  let store: Store<ActivityFeature.State, ActivityFeature.Action>
  var body: some View { Text("\(store.events.count) events") }
}

struct SearchView: View {
  let store: Store<SearchFeature.State, SearchFeature.Action>
  var body: some View { Text(store.query) }
}

struct ProfileView: View {
  let store: Store<ProfileFeature.State, ProfileFeature.Action>
  var body: some View { Text(store.name) }
}

// MARK: - The article's code

struct AppView: View {
  let store: Store<AppFeature.State, AppFeature.Action>

  var body: some View {
    // The selected tab, and nothing else: this body runs again only when it changes.
    let tabs = store.observe(\.selectedTab)
    TabView(selection: tabs.binding(\.self, send: AppFeature.Action.tabSelected)) {
      ActivityView(store: store.scope(state: \.activity, action: AppFeature.Action.activity))
        .tag(AppFeature.Tab.activity)
      SearchView(store: store.scope(state: \.search, action: AppFeature.Action.search))
        .tag(AppFeature.Tab.search)
      ProfileView(store: store.scope(state: \.profile, action: AppFeature.Action.profile))
        .tag(AppFeature.Tab.profile)
    }
  }
}

struct HistoryView: View {
  struct State: Equatable {
    let posters: [Poster]

    struct Poster: Hashable {
      let id: Int
      let title: String
      let subtitle: String
    }
  }

  enum Action: Equatable {
    case markAsWatched(episode: Int)
  }

  typealias ViewModel = Store<State, Action>

  let viewModel: ViewModel

  var body: some View {
    List(viewModel.posters, id: \.id) { poster in
      Button(action: { viewModel.send(.markAsWatched(episode: poster.id)) }) {
        VStack(alignment: .leading) {
          Text(poster.title)
          Text(poster.subtitle)
        }
      }
    }
  }
}

struct Episode: Equatable {
  let id: Int
  let title: String
  let firstAired: Date?
}

struct TrackerState: Equatable {
  var episodes: [Int: Episode] = [:]
  var watchedHistory: [Int] = []
}

enum TrackerAction: Equatable {
  case markAsWatched(episode: Int, watched: Bool)
}

struct WatchedHistoryConnector: Connector, Hashable {
  func connect(state: TrackerState) -> HistoryView.State {
    HistoryView.State(
      posters: state.watchedHistory.compactMap { id in
        state.episodes[id].map { episode in
          HistoryView.State.Poster(
            id: id, title: episode.title,
            subtitle: episode.firstAired?.formatted(date: .abbreviated, time: .omitted) ?? "")
        }
      })
  }

  func connect(action: HistoryView.Action) -> TrackerAction {
    switch action {
    case .markAsWatched(let episode): .markAsWatched(episode: episode, watched: true)
    }
  }
}

struct HistoryContainer: View {
  let store: Store<TrackerState, TrackerAction>

  var body: some View {
    // An equal Hashable connector gives the same store on every evaluation.
    HistoryView(viewModel: store.connect(using: WatchedHistoryConnector()))
  }
}

struct HistoryView_Previews: PreviewProvider {
  static var previews: some View {
    HistoryView(
      viewModel: Store(
        initialState: HistoryView.State(posters: [
          .init(id: 1, title: "Pilot", subtitle: "Mar 14, 2019")
        ]),
        reducer: EmptyReducer()))
    HistoryView(
      viewModel: Store(initialState: HistoryView.State(posters: []), reducer: EmptyReducer()))
  }
}

struct HeaderView: View {
  let store: Store<TrackerState, TrackerAction>

  var body: some View {
    WithViewStore(store, observe: { "\($0.watchedHistory.count) watched" }) { header in
      Text(header.state)
    }
  }
}

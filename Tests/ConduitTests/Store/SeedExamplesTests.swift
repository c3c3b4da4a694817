import Conduit
import Foundation
import Testing

@MainActor
@Suite struct SeedExamplesTests {
  @Test func searchChangesNeverNotifyTheTabBar() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let tabBar = store.observe(\.selectedTab)
    let observed = ObservationCount(tabBar)
    var callbacks = 0
    let subscription = tabBar.subscribe { _ in callbacks += 1 }

    store.send(.search(.queryChanged("break")))
    store.send(.search(.queryChanged("breaking")))
    store.send(.activity(.eventLogged("opened")))

    #expect(observed.count == 0)
    #expect(callbacks == 0)
    #expect(store.search.query == "breaking")
    subscription.cancel()
  }

  @Test func selectingATabNotifiesTheTabBarOnce() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let tabBar = store.observe(\.selectedTab)
    let observed = ObservationCount(tabBar)
    var seen: [AppFeature.Tab] = []
    let subscription = tabBar.subscribe { seen.append($0) }

    store.send(.tabSelected(.search))

    #expect(observed.count == 1)
    #expect(seen == [.search])
    #expect(tabBar.state == .search)
    subscription.cancel()
  }

  @Test func childStoresSendThroughTheirScope() {
    let store = Store(initialState: AppFeature.State(), reducer: AppFeature())
    let search = store.scope(state: \.search, action: AppFeature.Action.search)
    let profile = store.scope(state: \.profile, action: AppFeature.Action.profile)

    search.send(.queryChanged("lost"))
    profile.send(.renamed("Grace"))

    #expect(search.query == "lost")
    #expect(profile.name == "Grace")
    #expect(store.state.search.query == "lost")
    #expect(store.state.profile.name == "Grace")
  }

  @Test func watchedHistoryConnectorFormatsPosters() {
    let ids = Ids(show: 1, season: 2, episode: 3)
    let url = URL(string: "https://example.com/poster.jpg")!
    let state = HistoryAppState(
      episodes: [ids: Episode(title: "Pilot", firstAired: Date(timeIntervalSince1970: 0))],
      showImages: [ids: ShowImages(tvPosters: [.init(url: url)])],
      watchedHistory: [ids]
    )

    let viewState = WatchedHistoryConnector().connect(state: state)

    #expect(
      viewState.posters == [
        .init(ids: ids, imageURL: url, title: "Pilot", subtitle: "1970-01-01")
      ])
  }

  @Test func watchedHistoryConnectorFallsBackForMissingEpisodes() {
    let ids = Ids(show: 9, season: 9, episode: 9)
    let viewState = WatchedHistoryConnector().connect(
      state: HistoryAppState(watchedHistory: [ids]))

    #expect(viewState.posters == [.init(ids: ids, imageURL: nil, title: "", subtitle: "")])
  }

  @Test func watchedHistoryConnectorMarksEpisodesWatched() {
    let ids = Ids(show: 1, season: 1, episode: 1)
    let action = WatchedHistoryConnector().connect(action: .markAsWatched(episode: ids))
    #expect(action == .markAsWatched(episode: ids, watched: true))
  }

  @Test func connectedHistoryViewModelUpdatesOnlyForHistory() {
    let ids = Ids(show: 1, season: 1, episode: 1)
    let store = Store(
      initialState: HistoryAppState(episodes: [ids: Episode(title: "Pilot")]),
      reducer: HistoryApp())
    let viewModel: HistoryView.ViewModel = store.connect(using: WatchedHistoryConnector())
    let observed = ObservationCount(viewModel)

    store.send(.bumpUnrelated)
    viewModel.send(.markAsWatched(episode: ids))

    #expect(observed.count == 1)
    #expect(viewModel.posters.map(\.title) == ["Pilot"])
  }

  @Test func previewStoreIgnoresSends() {
    let ids = Ids(show: 1, season: 1, episode: 1)
    let preview = HistoryView.ViewModel(
      initialState: HistoryView.State(posters: []), reducer: EmptyReducer())

    preview.send(.markAsWatched(episode: ids))

    #expect(preview.posters.isEmpty)
  }
}

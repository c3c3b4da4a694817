import Conduit
import Testing

@testable import ConduitTesting

/// The README's and the DocC articles' testing examples, and the failures they quote, word for
/// word: if a message changes, these fail until the documentation says the new one.
@MainActor
@Suite struct TestStoreDocumentationTests {
  /// The README's search feature: a debounced query that loads results.
  struct Search: Reducer {
    struct State: Equatable {
      var query = ""
      var results: [String] = []
    }

    enum Action: Equatable, Sendable {
      case queryChanged(String)
      case resultsLoaded([String])
    }

    struct Client: Sendable {
      var search: @Sendable (String) async throws -> [String]

      static let mock = Client { query in
        ["Breaking Bad", "Better Call Saul"].filter { $0.lowercased().hasPrefix(query) }
      }
    }

    enum CancelID { case search }

    var client: Client
    var clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .queryChanged(let query):
        state.query = query
        return .run { [client, clock] send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.resultsLoaded(try await client.search(query)))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case .resultsLoaded(let results):
        state.results = results
        return .none
      }
    }
  }

  /// A settings screen of 50 toggles.
  struct Settings: Reducer {
    struct Row: Equatable, Identifiable {
      var id: Int
      var title: String
      var isOn = false
    }

    struct State: Equatable {
      var rows = IdentifiedArray(uniqueElements: (1...50).map { Row(id: $0, title: "Row \($0)") })
    }

    enum Action: Equatable {
      case toggled(id: Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggled(let id): state.rows[id: id]?.isOn.toggle()
      }
      return .none
    }
  }

  static let file = "ConduitTestingTests/TestStoreDocumentationTests.swift"

  @Test func searchShowsResults() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search(client: .mock, clock: clock))

    await store.send(.queryChanged("break")) { $0.query = "break" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking Bad"] }
    await store.finish()
  }

  @Test func aWrongExpectationNamesTheFieldThatDiffers() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
    await store.send(.queryChanged("break")) { $0.query = "break" }
    await clock.advance(by: .milliseconds(300))
    let messages = await recordedIssues {
      await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking"] }
    }.map(\.message)

    #expect(
      messages == [
        """
        State after receive(.resultsLoaded(["Breaking Bad"])) differs from the expected state:
          results[0]: expected "Breaking", got "Breaking Bad"
        """
      ])
  }

  @Test func forgettingToAdvanceTheClockNamesTheSleepingEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
    await store.send(.queryChanged("break")) { $0.query = "break" }
    let messages = await recordedIssues {
      await store.receive(.resultsLoaded(["Breaking Bad"]), timeout: .milliseconds(100))
    }.map(\.message)

    #expect(
      messages == [
        """
        Expected to receive .resultsLoaded(["Breaking Bad"]), but no action arrived within \
        100 ms. Still running:
          the effect at \(Self.file):39, started by send(.queryChanged("break")) at \
        \(Self.file):111, asleep on a TestClock waiting for advance (it wakes at 300 ms; the \
        clock is at 0 seconds)
        """
      ])
    await store.skipInFlightEffects()
  }

  @Test func aWrongRowNamesTheRowByIDAndTheField() async {
    let store = TestStore(initialState: Settings.State(), reducer: Settings())
    let messages = await recordedIssues {
      await store.send(.toggled(id: 17)) { $0.rows[id: 18]?.isOn = true }
    }.map(\.message)

    #expect(
      messages == [
        """
        State after send(.toggled(id: 17)) differs from the expected state:
          rows[id: 17].isOn: expected false, got true
          rows[id: 18].isOn: expected true, got false
        """
      ])
  }

  @Test func anUnassertedActionFailsTheEndOfTheTest() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
    await store.send(.queryChanged("break")) { $0.query = "break" }
    await clock.advance(by: .milliseconds(300))
    let messages = await recordedIssues { await store.finish() }.map(\.message)

    #expect(
      messages == [
        """
        1 received action not asserted:
          .resultsLoaded(["Breaking Bad"])
        """
      ])
  }

  @Test func nonExhaustiveTestsAssertOnlyWhatTheyAreAbout() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(), reducer: Search(client: .mock, clock: clock))
    store.exhaustivity = .off

    await store.send(.queryChanged("break"))
    await clock.advance(by: .milliseconds(300))
    await store.finish()
    store.assert { $0.results = ["Breaking Bad"] }
  }
}

@_spi(Testing) import Conduit
import Testing

@testable import ConduitTesting

// MARK: - The search feature of the issue: a debounced query that loads results.

struct SearchFeature: Reducer {
  struct Show: Equatable, Sendable {
    var title: String
  }

  struct State: Equatable {
    var query = ""
    var results: [Show] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([Show])
  }

  /// The search service, as a value of closures so tests pass a stub.
  struct Client: Sendable {
    var search: @Sendable (String) async throws -> [Show]

    static let mock = Client { query in
      ["Breaking Bad", "Better Call Saul", "Lost"]
        .filter { $0.lowercased().contains(query.lowercased()) }
        .map(Show.init)
    }
  }

  enum CancelID { case search }

  /// The line of the `.run` below, which failure messages name.
  static let searchEffectLine = 50

  var client: Client
  var clock: any Clock<Duration> = .continuous

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      guard !query.isEmpty else {
        state.results = []
        return .cancel(id: CancelID.search)
      }
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

// MARK: - A feature with one action per kind of effect, for the test store's own tests.

struct Probe: Reducer {
  struct State: Equatable {
    var count = 0
    var label = ""
    var events: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case setLabel(String)
    case logged(String)
    /// Changes two fields at once.
    case incrementAndLabel(String)
    /// Sends `logged(text)` at once, through `Effect.send`.
    case echo(String)
    /// Sends `logged(text)` from a task, after a few turns of the scheduler.
    case echoLater(String)
    /// Sends `logged` for each text in order, from one task, with turns in between.
    case echoEach([String])
    /// Sleeps on the clock, then sends `logged("tick")`, forever.
    case startTimer
    /// Sends nothing, ever, until cancelled.
    case listen
    case stop
    /// Runs an effect that ends without sending.
    case fireAndForget
  }

  enum CancelID { case timer, listener }

  /// The line of the timer's `.run` below, which failure messages name.
  static let timerEffectLine = 129

  var clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .setLabel(let label):
      state.label = label
      return .none
    case .logged(let event):
      state.events.append(event)
      return .none
    case .incrementAndLabel(let label):
      state.count += 1
      state.label = label
      return .none
    case .echo(let text):
      return .send(.logged(text))
    case .echoLater(let text):
      return .run { send in
        for _ in 0..<10 { await Task.yield() }
        await send(.logged(text))
      }
    case .echoEach(let texts):
      return .run { send in
        for text in texts {
          await Task.yield()
          await send(.logged(text))
        }
      }
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.logged("tick"))
        }
      }
      .cancellable(id: CancelID.timer)
    case .listen:
      return .run { _ in
        let (events, continuation) = AsyncStream<Never>.makeStream()
        for await _ in events {}
        withExtendedLifetime(continuation) {}
      }
      .cancellable(id: CancelID.listener)
    case .stop:
      return .merge(.cancel(id: CancelID.timer), .cancel(id: CancelID.listener))
    case .fireAndForget:
      return .run { _ in await Task.yield() }
    }
  }
}

// MARK: - Recording failures.

/// A failure a test helper recorded: what it said and where it points.
struct RecordedIssue: Equatable, Sendable, CustomStringConvertible {
  var message: String
  var fileID: String
  var line: Int

  var description: String { "\(fileID):\(line): \(message)" }
}

/// Runs `body`, which must record at least one failure, and returns the failures it recorded.
///
/// They are known issues, so they do not fail the test that checks them; a `body` that records
/// none fails it ("known issue was not recorded").
@MainActor
func recordedIssues(_ body: @MainActor () async -> Void) async -> [RecordedIssue] {
  let issues = Locked<[RecordedIssue]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    let recorded = RecordedIssue(
      message: issue.comments.map(\.rawValue).joined(separator: "\n"),
      fileID: issue.sourceLocation?.fileID ?? "?", line: issue.sourceLocation?.line ?? 0)
    issues.withLock { $0.append(recorded) }
    return true
  }
  return issues.withLock { $0 }
}

/// Runs `body` in a task whose effect activity is tracked, as a test store's effects are.
func trackedTask(
  _ body: @escaping @Sendable () async throws -> Void
) -> Task<Void, any Error> {
  let activity = EffectActivity(startsLater: false, site: "test task", origin: "the test")
  return Task { try await activity.run(body) }
}

// MARK: - A timer that the reducer cancels on its third tick, the issue's ported example.

struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
    var isDone = false
    var floods = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case tick
    case done
    /// Sends `.flooded` in a tight loop, never sleeping, until cancelled.
    case flood
    case flooded
    case stop
  }

  enum CancelID { case timer }

  /// The line of the timer's `.run` below, which failure messages name.
  static let timerEffectLine = 218

  var clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      guard state.ticks == 3 else { return .none }
      return .merge(.cancel(id: CancelID.timer), .send(.done))
    case .done:
      state.isDone = true
      return .none
    case .flood:
      return .run { send in
        while !Task.isCancelled {
          await send(.flooded)
          await Task.yield()
        }
      }
      .cancellable(id: CancelID.timer)
    case .flooded:
      state.floods += 1
      return .none
    case .stop:
      return .cancel(id: CancelID.timer)
    }
  }
}

// MARK: - A parent with an optional child and rows, for actions sent to what is not there.

struct Parent: Reducer {
  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var taps = 0
    }

    enum Action: Equatable, Sendable { case tapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.taps += 1
      return .none
    }
  }

  struct State: Equatable {
    var detail: Child.State?
    var rows: IdentifiedArrayOf<Child.State> = []
  }

  enum Action: Equatable, Sendable {
    case detail(Child.Action)
    case rows(IdentifiedActionOf<Child>)
    /// Sends `.detail(.tapped)` from an effect, after a turn.
    case tapDetailLater
    /// Runs an effect that throws, with no `catch:` handler.
    case failLater
  }

  struct Failure: Error {}

  /// The lines of the `ifLet`, `forEach` and failing `.run` below, which warnings name.
  static let ifLetLine = 301
  static let forEachLine = 302
  static let failingEffectLine = 298

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .detail, .rows:
        return .none
      case .tapDetailLater:
        return .run { send in
          await Task.yield()
          await send(.detail(.tapped))
        }
      case .failLater:
        return .run { _ in throw Failure() }
      }
    }
    .ifLet(\.detail, action: Action.detail) { Child() }
    .forEach(\.rows, action: Action.rows) { Child() }
  }
}

/// Runs `body` and returns what the test store reported as skipped (not failures), with where.
@MainActor
func recordedSkips(_ body: @MainActor () async -> Void) async -> [RecordedIssue] {
  let skips = Locked<[RecordedIssue]>([])
  await SkippedAssertions.$handler.withValue(
    SkippedAssertions.Handler { message, site in
      skips.withLock {
        $0.append(RecordedIssue(message: message, fileID: "\(site.fileID)", line: Int(site.line)))
      }
    }
  ) {
    await body()
  }
  return skips.withLock { $0 }
}

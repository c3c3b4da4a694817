@_spi(Testing) import Conduit

/// A clock on which every sleep returns at once, moving the time to its deadline.
///
/// Use it where a test does not care about timing at all, only about what an effect does
/// after it waits:
///
/// ```swift
/// let store = TestStore(
///   initialState: Search.State(), reducer: Search(client: .mock, clock: ImmediateClock()))
///
/// await store.send(.queryChanged("break")) { $0.query = "break" }
/// await store.receive(.resultsLoaded(["Breaking Bad"])) { $0.results = ["Breaking Bad"] }
/// ```
///
/// A sleep still throws `CancellationError` when its task is cancelled, so cancellation logic
/// behaves as with a real clock. Use ``TestClock`` to test debouncing, where which sleeps are
/// cut short matters.
public final class ImmediateClock: Clock, Sendable {
  /// A point in the clock's time; the same type as a ``TestClock``'s.
  public typealias Instant = TestClock.Instant

  private let current = Locked(Instant(offset: .zero))

  /// Creates a clock at time zero.
  public init() {}

  /// The current time: the latest deadline slept until.
  public var now: Instant {
    current.withLock { $0 }
  }

  /// The smallest step the clock measures: none.
  public var minimumResolution: Duration { .zero }

  /// Moves the time to `deadline` (if it is later) and returns without waiting.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    // A turn for other tasks, as a real sleep would give, so a loop of sleeps cannot starve
    // them; then the cancellation a real sleep would have noticed.
    await Task.yield()
    try Task.checkCancellation()
  }
}

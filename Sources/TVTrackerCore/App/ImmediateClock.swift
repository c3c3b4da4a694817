/// A clock whose sleeps end at once: time jumps to the deadline.
///
/// Line mode runs Search with it. Commands arrive whole, one at a time, so there is no typing
/// to debounce, and a search that does not wait keeps the transcript free of timing.
///
/// `ConduitTesting` has an `ImmediateClock` too, but that product links the test frameworks,
/// which an executable must not; hence this small copy for the app.
struct ImmediateClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Self {
      Instant(offset: offset + duration)
    }

    func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}

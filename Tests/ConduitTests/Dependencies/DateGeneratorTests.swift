import Foundation
import Testing

@_spi(Testing) @testable import Conduit

@Suite struct DateGeneratorTests {
  @Test func constantReturnsTheSameDate() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let now = DateGenerator.constant(date)
    #expect([now(), now(), now.now] == [date, date, date])
  }

  @Test func liveReadsTheSystemClock() {
    let before = Date()
    let now = DateGenerator.live()
    let after = Date()
    #expect(before <= now && now <= after)
  }

  @Test func customGeneratorIsCalledEachTime() {
    let calls = Locked(0)
    let now = DateGenerator {
      calls.withLock { count in
        count += 1
        return Date(timeIntervalSince1970: Double(count))
      }
    }
    #expect(now() == Date(timeIntervalSince1970: 1))
    #expect(now.now == Date(timeIntervalSince1970: 2))
  }
}

import Foundation
import Testing

@_spi(Testing) @testable import Conduit

@Suite struct UUIDGeneratorTests {
  @Test func incrementingCountsUpFromZero() {
    let uuid = UUIDGenerator.incrementing
    #expect(
      [uuid(), uuid(), uuid()].map(\.uuidString) == [
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000001",
        "00000000-0000-0000-0000-000000000002",
      ])
  }

  @Test func eachIncrementingGeneratorHasItsOwnCounter() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    _ = first()
    _ = first()
    #expect(second().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(first().uuidString == "00000000-0000-0000-0000-000000000002")
  }

  @Test func copiesOfOneGeneratorShareItsCounter() {
    let uuid = UUIDGenerator.incrementing
    let copy = uuid
    _ = uuid()
    #expect(copy().uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func countIsWrittenInHexadecimal() {
    let uuid = UUIDGenerator.incrementing
    let ids = (0..<17).map { _ in uuid() }
    #expect(ids[10].uuidString == "00000000-0000-0000-0000-00000000000A")
    #expect(ids[16].uuidString == "00000000-0000-0000-0000-000000000010")
    #expect(UUID(counting: .max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
  }

  @Test func concurrentCallsGetDistinctIDs() async {
    let uuid = UUIDGenerator.incrementing
    let ids = await withTaskGroup(of: UUID.self) { group in
      for _ in 0..<200 { group.addTask { uuid() } }
      return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
    }
    #expect(ids.count == 200)
    #expect(uuid().uuidString == "00000000-0000-0000-0000-0000000000C8")
  }

  @Test func constantReturnsTheSameUUID() throws {
    let id = try #require(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
    let uuid = UUIDGenerator.constant(id)
    #expect([uuid(), uuid()] == [id, id])
  }

  @Test func liveMakesDistinctUUIDs() {
    let ids = Set((0..<100).map { _ in UUIDGenerator.live() })
    #expect(ids.count == 100)
  }

  @Test func customGeneratorCallsItsFunction() {
    let made = Locked(0)
    let uuid = UUIDGenerator {
      made.withLock { $0 += 1 }
      return UUID(counting: 7)
    }
    #expect(uuid() == UUID(counting: 7))
    #expect(made.withLock { $0 } == 1)
  }
}

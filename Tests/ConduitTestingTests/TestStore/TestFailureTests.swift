import Testing

@testable import ConduitTesting

@Suite struct TestFailureTests {
  @Test func theFrameworkIsSwiftTesting() {
    #expect(TestFramework.current == .swiftTesting)
  }

  @Test func theFrameworkIsSwiftTestingInTasksATestCreates() async {
    let framework = await Task { TestFramework.current }.value
    #expect(framework == .swiftTesting)
  }

  @Test func durationsReadAsAMessageSaysThem() {
    #expect(describe(.seconds(1)) == "1 second")
    #expect(describe(.seconds(2)) == "2 seconds")
    #expect(describe(.milliseconds(300)) == "300 ms")
    #expect(describe(.microseconds(1_500)) == "1.5 ms")
  }

  @Test func countsReadAsAMessageSaysThem() {
    #expect(counted(1, "action") == "1 action")
    #expect(counted(3, "effect") == "3 effects")
  }
}

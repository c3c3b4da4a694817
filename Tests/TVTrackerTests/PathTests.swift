import Testing

@testable import TVTrackerCore

@Suite struct PathTests {
  @Test(
    arguments: [
      ("x", ".", "x"),
      ("./x", ".", "x"),
      ("d/x", "d", "x"),
      ("d/e/x.json", "d/e", "x.json"),
      ("/x", "/", "x"),
      ("/d/x", "/d", "x"),
      ("/", "/", nil),
      ("", ".", nil),
      (".", ".", "."),
      ("..", ".", ".."),
      ("../x", "..", "x"),
      ("d/x/", "d", "x"),
      ("d//x", "d", "x"),
      ("//x", "/", "x"),
      ("d/x//", "d", "x"),
      ("データ/履歴.json", "データ", "履歴.json"),
      ("a/\u{301}b", "a", "\u{301}b"),
    ] as [(String, String, String?)])
  func parentAndLastComponent(_ path: String, parent: String, last: String?) {
    #expect(Path(path).parent == Path(parent), "\(path)")
    #expect(Path(path).lastComponent == last, "\(path)")
  }

  @Test func aCombiningMarkAfterASlashStillSplits() {
    // "/\u{301}" is one Character, so splitting on Characters would find no separator here.
    #expect(Path("a/\u{301}b").components == ["a", "\u{301}b"])
  }

  @Test(arguments: ["/", ".", "..", "d/", "d/.", "d/..", "", "x//"])
  func pathsThatCanOnlyNameAFolder(_ path: String) {
    #expect(Path(path).namesFolder)
  }

  @Test(arguments: ["x", "./x", "d/x", "/x", "..x", ".x", "データ/履歴.json"])
  func pathsThatCanNameAFile(_ path: String) {
    #expect(!Path(path).namesFolder)
  }

  @Test func appendingAddsOneSeparator() {
    #expect(Path("d").appending("x") == Path("d/x"))
    #expect(Path("d/").appending("x") == Path("d/x"))
    #expect(Path("/").appending("x") == Path("/x"))
    #expect(Path("").appending("x") == Path("x"))
  }

  @Test func resolvingALinkTargetReadsItRelativeToTheLinksFolder() {
    #expect(Path("d").resolving(Path("x")) == Path("d/x"))
    #expect(Path(".").resolving(Path("x")) == Path("x"))
    #expect(Path("d").resolving(Path("/abs/x")) == Path("/abs/x"))
    #expect(Path("d").resolving(Path("../x")) == Path("d/../x"))
  }

  @Test func isAbsoluteOnlyFromTheRoot() {
    #expect(Path("/x").isAbsolute)
    #expect(!Path("x").isAbsolute)
    #expect(!Path("./x").isAbsolute)
  }
}

import Foundation
import Testing

/// The SwiftUI code of the DocC articles is compiled by `Checks/SwiftUIGlue` (against a
/// stand-in SwiftUI), from a copy in `GlueUsage`; these tests keep the articles and the copies
/// word for word the same, so what the articles show is what compiles.
@Suite struct ArticleCodeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func contents(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The `swift` code blocks of a Markdown article, without their fences.
  static func swiftBlocks(of markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// `text` without the indentation of its lines, which a block inside `#if` has more of.
  static func unindented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.drop(while: { $0 == " " }) }.joined(separator: "\n")
  }

  @Test(arguments: [
    (
      "Sources/Conduit/Conduit.docc/UsingConduitInSwiftUI.md",
      [
        "Checks/SwiftUIGlue/Sources/GlueUsage/UsingConduitInSwiftUI.swift"
      ]
    ),
    (
      "Sources/Conduit/Conduit.docc/NavigatingBetweenScreens.md",
      [
        "Tests/ConduitTestingTests/Articles/NavigatingBetweenScreens.swift",
        "Tests/ConduitTestingTests/Articles/NavigatingBetweenScreensTests.swift",
      ]
    ),
  ])
  func everyCodeBlockOfTheArticleIsCompiled(article: String, compiled: [String]) throws {
    let blocks = Self.swiftBlocks(of: try Self.contents(article))
    let sources = try compiled.map { Self.unindented(try Self.contents($0)) }
    #expect(blocks.count >= 5)
    for block in blocks {
      #expect(
        sources.contains { $0.contains(Self.unindented(block)) },
        "not in \(compiled.joined(separator: " or ")):\n\(block)")
    }
  }
}

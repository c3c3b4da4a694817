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

  @Test(arguments: [
    (
      "Sources/Conduit/Conduit.docc/UsingConduitInSwiftUI.md",
      "Checks/SwiftUIGlue/Sources/GlueUsage/UsingConduitInSwiftUI.swift"
    )
  ])
  func everyCodeBlockOfTheArticleIsCompiled(article: String, compiled: String) throws {
    let blocks = Self.swiftBlocks(of: try Self.contents(article))
    let source = try Self.contents(compiled)
    #expect(blocks.count >= 5)
    for block in blocks {
      #expect(source.contains(block), "not in \(compiled):\n\(block)")
    }
  }
}

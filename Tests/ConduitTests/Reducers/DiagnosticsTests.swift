import Conduit
import Foundation
import Testing

/// What the compiler says about common mistakes: these tests type-check snippets against the
/// built `Conduit` module, as a user's code would be.
@Suite struct DiagnosticsTests {
  /// A body that is one `Reduce`: it compiles, and it runs.
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment, decrement }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .decrement:
          state.count -= 1
          return .none
        }
      }
    }
  }

  @Test func aBodyThatIsASingleReduceCompilesAndRuns() {
    var state = Counter.State()
    _ = Counter().reduce(into: &state, action: .increment)
    _ = Counter().reduce(into: &state, action: .increment)
    _ = Counter().reduce(into: &state, action: .decrement)
    #expect(state.count == 1)
  }

  /// The folder with `Conduit.swiftmodule` built with these tests, if it can be found (it
  /// sits next to the test bundle in SwiftPM's build folder), and `swiftc`.
  static let modules: URL? = {
    var folders: [URL] = []
    if let main = Bundle.main.executableURL { folders.append(main.deletingLastPathComponent()) }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return folders.map { $0.appendingPathComponent("Modules") }.first { folder in
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Conduit.swiftmodule").path)
    }
  }()

  /// The errors `swiftc -typecheck` reports for `source`, each as `line: message`.
  static func errors(in source: String) throws -> [String] {
    let modules = try #require(modules)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("conduit-diagnostics-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Snippet.swift")
    try Data(source.utf8).write(to: file)
    let output = folder.appendingPathComponent("out.txt")
    try Data().write(to: output)
    let handle = try FileHandle(forWritingTo: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
      "-diagnostic-style", "llvm", file.path,
    ]
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(file.path + ":"), let error = line.range(of: ": error: ") else {
        return nil
      }
      let lineNumber = line.dropFirst(file.path.count + 1).prefix { $0.isNumber }
      return "\(lineNumber): " + line[error.upperBound...]
    }
  }

  @Test(.enabled(if: modules != nil, "needs the built Conduit module and swiftc"))
  func aTypoInASingleReduceBodyIsReportedAsItself() throws {
    let errors = try Self.errors(
      in: """
        import Conduit

        struct Typo: Reducer {
          struct State: Equatable { var count = 0 }
          enum Action { case increment }

          var body: some Reducer<State, Action> {
            Reduce { state, action in
              switch action {
              case .increment:
                state.coutn += 1
                return .none
              }
            }
          }
        }

        struct UnknownCase: Reducer {
          struct State: Equatable { var count = 0 }
          enum Action { case increment }

          var body: some Reducer<State, Action> {
            Reduce { state, action in
              switch action {
              case .incremnt:
                return .none
              }
            }
          }
        }
        """)

    #expect(
      errors == [
        "11: value of type 'Typo.State' has no member 'coutn'",
        "25: type 'UnknownCase.Action' has no member 'incremnt'",
      ])
  }

  @Test(.enabled(if: modules != nil, "needs the built Conduit module and swiftc"))
  func aCaseKeyPathAsTheActionSaysToPassTheEnumCase() throws {
    let errors = try Self.errors(
      in: """
        import Conduit

        struct Child: Reducer {
          struct State: Equatable, Identifiable { var id = 0 }
          enum Action { case tapped }
          func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        }

        struct Feature: Reducer {
          struct State: Equatable {
            var child = Child.State()
            var detail: Child.State?
            var rows: IdentifiedArrayOf<Child.State> = []
          }
          enum Action { case child(Child.Action), detail(Child.Action), rows(IdentifiedActionOf<Child>) }

          var body: some Reducer<State, Action> {
            Scope(state: \\.child, action: \\.child) { Child() }
            Reduce { state, action in .none }
              .ifLet(\\.detail, action: \\.detail) { Child() }
              .forEach(\\.rows, action: \\.rows) { Child() }
          }
        }

        @MainActor func view(_ store: Store<Feature.State, Feature.Action>) {
          _ = store.scope(state: \\.child, action: \\.child)
        }
        """)

    let child = "Conduit takes the enum case itself: write 'action: Action.child', not '\\.child'"
    let rows = "Conduit takes the enum case itself: write 'action: Action.rows', not '\\.rows'"
    #expect(
      errors == [
        "18: 'init(state:action:child:)' is unavailable: \(child)",
        "20: 'ifLet(_:action:then:)' is unavailable: \(child)",
        "21: 'forEach(_:action:element:)' is unavailable: \(rows)",
        "26: 'scope(state:action:)' is unavailable: \(child)",
      ])
  }
}

import Conduit

/// Line mode: one command per line in, and after each command the views that rendered again,
/// each with its render count.
///
/// The output is deterministic, so tests compare it whole: the app runs Search with an
/// ``ImmediateClock``, and every command waits for the effects it started (the search, the
/// save) through ``StoreTask/finish()`` before its output is printed.
@MainActor
struct LineMode {
  let app: TrackerApp

  /// The views as first rendered, all of them, before any command.
  func start() -> [String] {
    Self.format(app.takeRerendered())
  }

  /// Runs one line of input.
  ///
  /// - Returns: The lines to print, and whether the session should end.
  func execute(_ line: String) async -> (output: [String], quit: Bool) {
    var output = ["> \(line)"]
    let command: LineCommand?
    do {
      command = try LineCommand.parse(line)
    } catch {
      return (output + ["error: \(error.message)"], false)
    }
    guard let command else {
      // A blank line prints nothing; a comment is echoed, to keep a script readable.
      return (line.allSatisfy(\.isWhitespace) ? [] : output, false)
    }
    var task: StoreTask?
    switch command {
    case .tab(let tab): task = app.select(tab)
    case .type(let text): task = app.type(text)
    case .clear: task = app.type("")
    case .watch(let number):
      do {
        task = try app.watch(number: number)
      } catch {
        output.append("error: \(error.message)")
      }
    case .help: output += LineCommand.helpText
    case .quit: return (output, true)
    }
    await task?.finish()
    let rendered = app.takeRerendered()
    if rendered.isEmpty, output.count == 1 { output.append("(no view rendered again)") }
    return (output + Self.format(rendered), false)
  }

  /// Reads lines until `quit` or the end of the input, printing each command's output.
  func run(readLine: () -> String?, print: (String) -> Void) async {
    for line in start() { print(line) }
    while let line = readLine() {
      let (output, quit) = await execute(line)
      for line in output { print(line) }
      if quit { return }
    }
  }

  static func format(_ hosts: [ViewHost]) -> [String] {
    hosts.flatMap { host in
      ["-- \(host.name) (render \(host.renderCount))"] + host.lines.map { "   \($0)" }
    }
  }
}

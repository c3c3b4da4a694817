import Conduit

/// Line mode: one command per line in, and after each command the views that rendered again,
/// each with its render count, then the views that went away (`-- note (closed)`).
///
/// The output is deterministic, so tests compare it whole: the app runs Search with an
/// ``ImmediateClock``, and every command waits for the effects it started (the search, the
/// save) through ``StoreTask/finish()`` before its output is printed.
///
/// A program can drive it through pipes: each command's echo (`> watch 1`) is printed as the
/// command starts, and the rest of its output as soon as it is done, so a driver reads the
/// answer to one command before it sends the next.
@MainActor
struct LineMode {
  /// What the loop reads: a line of input, or a signal asking the app to stop.
  enum Input: Equatable, Sendable {
    case line(String)
    case signal(Int32)
  }

  /// How a session ended.
  enum Outcome: Equatable {
    /// At `quit` or the end of the input; `failed` tells whether any command failed.
    case finished(failed: Bool)
    /// At a signal, once the command running when it came had finished.
    case stopped(signal: Int32)
  }

  /// What one command printed, without its echo.
  struct Response: Equatable {
    var lines: [String] = []
    var quit = false
    /// Whether the command failed (printed an `error:` line).
    var failed = false
  }

  let app: TrackerApp

  /// The views as first rendered, all of them, before any command.
  func start() -> [String] {
    Self.format(app.takeRerendered())
  }

  /// The line printed as a command starts: `> ` and the line; nil for a blank line, which
  /// prints nothing.
  static func echo(_ line: String) -> String? {
    line.allSatisfy(\.isWhitespace) ? nil : "> \(line)"
  }

  /// Runs one line of input.
  ///
  /// - Returns: The lines to print (the echo first), and whether the session should end.
  func execute(_ line: String) async -> (output: [String], quit: Bool) {
    let response = await respond(to: line)
    return ((Self.echo(line).map { [$0] } ?? []) + response.lines, response.quit)
  }

  /// Runs one line of input and says what it printed after its echo.
  func respond(to line: String) async -> Response {
    var response = Response()
    let command: LineCommand?
    do {
      command = try LineCommand.parse(line)
    } catch {
      return Response(lines: ["error: \(error.message)"], failed: true)
    }
    // A blank line or a comment: the echo (of a comment only) is all there is.
    guard let command else { return response }
    switch command {
    case .help:
      response.lines += LineCommand.helpText
    case .quit:
      response.quit = true
      return response
    default:
      do {
        for task in try run(command) { await task.finish() }
      } catch {
        response.lines.append("error: \(error.message)")
        response.failed = true
      }
    }
    let rendered = app.takeRerendered()
    let closed = app.takeClosed()
    if rendered.isEmpty, closed.isEmpty, response.lines.isEmpty {
      response.lines.append("(no view rendered again)")
    }
    response.lines += Self.format(rendered) + closed.map { "-- \($0) (closed)" }
    return response
  }

  /// Sends what `command` stands for.
  ///
  /// - Returns: The tasks of the sends, to wait for.
  private func run(_ command: LineCommand) throws(CommandError) -> [StoreTask] {
    switch command {
    case .tab(let tab):
      if let problem = app.presentationProblem(app.topScreen, for: "tab") {
        throw CommandError(problem)
      }
      return [app.select(tab)]
    case .type(let text): return [app.type(text)]
    case .clear:
      // With the note open, 'clear' empties its field; the search is not on screen.
      if app.noteForm != nil { return try app.note("") }
      return [app.type("")]
    case .watch(let number): return [try app.watch(number: number)]
    case .open(let number): return [try app.open(number: number)]
    case .back: return [try app.back()]
    case .unwatch(let number): return [try app.unwatch(number: number)]
    case .confirm: return [try app.confirm()]
    case .cancel: return [try app.cancel()]
    case .note(let text): return try app.note(text)
    case .save: return [try app.saveNote()]
    case .help, .quit: return []
    }
  }

  /// Runs commands until `quit`, the end of the input or a signal, printing each command's
  /// echo as it starts and its output as it ends.
  ///
  /// A signal is handled between commands: the command running when it comes finishes, with
  /// its save, and no other command starts.
  ///
  /// - Parameters:
  ///   - inputs: Lines and signals, in the order they came.
  ///   - requestLine: Asks the source of `inputs` for one more line; called once for each line
  ///     the loop is ready to run, so that the source reads no further than it must.
  ///   - print: Prints lines; called once for each echo and once for each command's output, so
  ///     a caller that flushes in it flushes after each command.
  /// - Returns: How the session ended.
  func run(
    _ inputs: AsyncStream<Input>, requestLine: () -> Void = {}, print: ([String]) -> Void
  ) async -> Outcome {
    print(start())
    var failed = false
    var iterator = inputs.makeAsyncIterator()
    requestLine()
    while let input = await iterator.next() {
      switch input {
      case .signal(let number):
        return .stopped(signal: number)
      case .line(let line):
        if let echo = Self.echo(line) { print([echo]) }
        let response = await respond(to: line)
        if !response.lines.isEmpty { print(response.lines) }
        failed = failed || response.failed
        if response.quit { return .finished(failed: failed) }
        requestLine()
      }
    }
    return .finished(failed: failed)
  }

  static func format(_ hosts: [ViewHost]) -> [String] {
    hosts.flatMap { host in
      ["-- \(host.name) (render \(host.renderCount))"] + host.lines.map { "   \($0)" }
    }
  }
}

import Conduit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tv-tracker example app: Conduit's tab app from the seeds, in a terminal.
///
/// The `tv-tracker` executable only calls ``main(arguments:)``:
///
/// ```swift
/// exit(await TVTracker.main(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
public enum TVTracker {
  /// Runs the app until the user quits.
  ///
  /// - Parameter arguments: The command-line arguments, without the program name.
  /// - Returns: The exit status: 0 after a normal quit, 2 for bad arguments (a `--data` that
  ///   cannot be a history file among them), 1 when the app cannot start or, with `--strict`,
  ///   when a command failed, and 128 plus the signal number when a signal ended it.
  @MainActor
  public static func main(arguments: [String]) async -> Int32 {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      printError("tv-tracker: \(error.message)\n\n\(Options.usage)")
      return 2
    }
    if options.showHelp {
      print(Options.usage)
      return 0
    }
    let path =
      options.dataPath
      ?? HistoryLocation.defaultPath(
        environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    if let problem = HistoryFile.pathProblem(path) {
      let example = Path(path).appending("history.json")
      printError(
        "tv-tracker: cannot keep the watched history there: \(problem); "
          + "give --data the path of a file, such as '\(example)'")
      return options.dataPath == nil ? 1 : 2
    }
    let catalog: Catalog
    do {
      catalog = try Catalog.bundled()
    } catch {
      printError("tv-tracker: cannot load the show catalog: \(error)")
      return 1
    }
    let interactive = options.mode == .automatic && isatty(0) == 1 && isatty(1) == 1
    var file = HistoryFile(path: path)
    if !interactive {
      // On a terminal's full screen this would garble the display; there, the save just waits.
      file.onLockWait = { printError("tv-tracker: \($0)") }
    }
    let opened = file.open()
    for notice in opened.notices { printError("tv-tracker: \(notice)") }

    let clock: any Clock<Duration> = interactive ? ContinuousClock() : ImmediateClock()
    let store = Store(
      initialState: AppFeature.State(
        catalog: catalog, watchedHistory: opened.history, notes: opened.notes, historyPath: path,
        saveProblem: opened.saveProblem),
      reducer: AppFeature(
        catalog: catalog, clock: clock, storage: .live(file, opened: opened)))
    let app = TrackerApp(store: store)

    if interactive {
      // Held in a local and kept past the run: the optimiser otherwise ends the mode's life at
      // the call and warns that the `[weak self]` its renders go through is always nil.
      let mode = InteractiveMode(app: app, notices: opened.notices)
      let status = await mode.run()
      withExtendedLifetime(mode) {}
      return status
    }
    let input = StandardInput()
    let outcome = await LineMode(app: app).run(
      input.events, requestLine: input.requestLine, print: writeOutput)
    switch outcome {
    case .finished(let failed): return failed && options.strict ? 1 : 0
    case .stopped(let signal): return 128 + signal
    }
  }

  static func printError(_ message: String) {
    writeAll(Data((message + "\n").utf8), to: 2)
  }

  /// Prints lines to standard output at once, unbuffered: a program reading the other end of
  /// a pipe gets each command's answer as it is done, not when the app exits.
  static func writeOutput(_ lines: [String]) {
    writeAll(Data(lines.map { $0 + "\n" }.joined().utf8), to: 1)
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return }
        offset += count
      }
    }
  }
}

import Conduit
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen mode: keys in, and after each change only the screen rows of the views
/// that rendered again are redrawn (the layout is ``Display``'s).
///
/// Every way out (q, Ctrl-C, Ctrl-D, the end of input, SIGINT, SIGTERM, SIGHUP, SIGQUIT)
/// first waits for the saves the keys started, then restores the terminal.
@MainActor
final class InteractiveMode {
  private enum Event: Sendable {
    case input([UInt8])
    case endOfInput
    case signal(Int32)
  }

  private let app: TrackerApp
  private let display: Display
  private var isFlushScheduled = false
  /// The latest tasks the keys started, awaited before quitting so a save is not cut short.
  private var recentTasks: [StoreTask] = []

  init(app: TrackerApp, notices: [String]) {
    self.app = app
    display = Display(app: app)
    display.notice = notices.last
  }

  /// Runs until the user quits or a signal ends the app; the terminal is restored either way.
  ///
  /// - Returns: The exit status: 0 for a quit, 128 plus the signal number for a signal.
  func run() async -> Int32 {
    guard RawTerminal.enter() else {
      TVTracker.printError("tv-tracker: cannot put the terminal in raw mode; try --lines")
      return 1
    }
    defer { RawTerminal.restore() }
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let queue = DispatchQueue(label: "tv-tracker.input")
    let sources = Self.listen(on: queue, continuation)
    defer {
      for source in sources { source.cancel() }
      continuation.finish()
    }
    app.onRender = { [weak self] in self?.scheduleFlush() }
    defer { app.onRender = nil }

    redrawAll()
    for await event in events {
      switch event {
      case .input(let bytes):
        display.notice = nil
        for key in Key.decode(bytes) {
          let outcome =
            display.isTooSmall
            ? KeyBindings.handleWhileTooSmall(key) : KeyBindings.handle(key, in: app)
          switch outcome {
          case .quit:
            await finishRecentTasks()
            return 0
          case .handled(let task):
            if let task { remember(task) }
          }
        }
        flush()
      case .endOfInput:
        await finishRecentTasks()
        return 0
      case .signal(SIGWINCH):
        redrawAll()
      case .signal(let number):
        await finishRecentTasks()
        return 128 + number
      }
    }
    return 0
  }

  /// Starts reading standard input and the signals that end the app or resize the screen.
  ///
  /// The signals are handled from here until the process ends; after ``run()`` returns, it
  /// does.
  ///
  /// `nonisolated`, with `@Sendable` handlers: they run on `queue`, and a closure formed on the
  /// main actor would trap there, on Swift 6's check that main-actor code runs on the main
  /// actor.
  private nonisolated static func listen(
    on queue: DispatchQueue, _ continuation: AsyncStream<Event>.Continuation
  ) -> [any DispatchSourceProtocol] {
    let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: queue)
    input.setEventHandler { @Sendable in
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count > 0 {
        continuation.yield(.input(Array(buffer[0..<count])))
      } else if count == 0 || errno != EINTR && errno != EAGAIN {
        // The run loop stops at the first one and cancels this source.
        continuation.yield(.endOfInput)
      }
    }
    input.resume()
    Signals.handle(Signals.stopping + [SIGQUIT, SIGWINCH]) { continuation.yield(.signal($0)) }
    return [input]
  }

  private func remember(_ task: StoreTask) {
    recentTasks.append(task)
    if recentTasks.count > 32 { recentTasks.removeFirst(recentTasks.count - 32) }
  }

  private func finishRecentTasks() async {
    for task in recentTasks { await task.finish() }
    recentTasks.removeAll()
  }

  private func scheduleFlush() {
    guard !isFlushScheduled else { return }
    isFlushScheduled = true
    // Effects render views outside a key press; batch what one turn of the main actor changed.
    Task { @MainActor in
      self.isFlushScheduled = false
      self.flush()
    }
  }

  private func redrawAll() {
    let size = RawTerminal.size()
    RawTerminal.write(display.redrawAll(size: Display.Size(width: size.width, height: size.height)))
  }

  private func flush() {
    let output = display.flush()
    if !output.isEmpty { RawTerminal.write(output) }
  }
}

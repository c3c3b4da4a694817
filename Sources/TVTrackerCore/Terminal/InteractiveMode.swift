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

/// The full-screen mode: keys in, and after each change only the screen regions of the views
/// that rendered again are redrawn.
///
/// Screen layout, top to bottom: the tab bar, a rule, the selected tab's view, a rule, a line
/// of notices or key hints, and a status line with each view's render count.
@MainActor
final class InteractiveMode {
  private enum Event: Sendable {
    case input([UInt8])
    case endOfInput
    case signal(Int32)
  }

  private enum Region: CaseIterable {
    case tabs, content, hint, status
  }

  private let app: TrackerApp
  private var notice: String?
  private var screen = Screen(width: 80, height: 24)
  private var dirty: Set<Region> = []
  private var isFlushScheduled = false
  /// The latest tasks the keys started, awaited before quitting so a save is not cut short.
  private var recentTasks: [StoreTask] = []

  init(app: TrackerApp, notices: [String]) {
    self.app = app
    notice = notices.last
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
        notice = nil
        dirty.insert(.hint)
        for key in Key.decode(bytes) {
          switch KeyBindings.handle(key, in: app) {
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
    var sources: [any DispatchSourceProtocol] = [input]
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] {
      // The default action would end the process before the terminal is restored.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { @Sendable in continuation.yield(.signal(number)) }
      source.resume()
      sources.append(source)
    }
    return sources
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
    var output = screen.clear(width: size.width, height: size.height)
    _ = app.takeRerendered()
    dirty = Set(Region.allCases)
    output += paint()
    RawTerminal.write(output)
  }

  /// Redraws the regions of the views that rendered since the last flush.
  private func flush() {
    let rendered = Set(app.takeRerendered().map(\.name))
    if rendered.contains("tabs") {
      // Another tab is selected: its view did not render, but it takes the content region.
      dirty.formUnion([.tabs, .content, .hint])
    }
    if rendered.contains(app.host(for: app.selectedTab).name) { dirty.insert(.content) }
    if !rendered.isEmpty { dirty.insert(.status) }
    let output = paint()
    if !output.isEmpty { RawTerminal.write(output) }
  }

  private func paint() -> String {
    defer { dirty.removeAll() }
    let width = screen.width
    let height = screen.height
    let rule = String(repeating: "-", count: width)
    let contentRows = max(0, height - 5)
    var rows: [(row: Int, text: String)] = []
    if dirty.contains(.tabs) {
      rows.append((1, " " + (app.hosts[0].lines.first ?? "")))
      rows.append((2, rule))
      rows.append((height - 2, rule))
    }
    if dirty.contains(.content) {
      let lines = Self.window(app.host(for: app.selectedTab).lines, rows: contentRows)
      for index in 0..<contentRows {
        rows.append((3 + index, index < lines.count ? " " + lines[index] : ""))
      }
    }
    if dirty.contains(.hint) {
      rows.append((height - 1, " " + (notice ?? KeyBindings.hint(for: app.selectedTab))))
    }
    if dirty.contains(.status) {
      let counts = app.hosts.map { "\($0.name) \($0.renderCount)" }.joined(separator: "  ")
      rows.append((height, " renders: " + counts))
    }
    return screen.update(rows)
  }

  /// The lines that fit in `rows`, scrolled to keep the cursor line in view.
  nonisolated static func window(_ lines: [String], rows: Int) -> [String] {
    guard lines.count > rows, rows > 0 else { return lines }
    let cursor = lines.firstIndex { $0.hasPrefix(Layout.cursor) } ?? 0
    let start = min(max(0, cursor - rows / 2), lines.count - rows)
    return Array(lines[start..<(start + rows)])
  }
}

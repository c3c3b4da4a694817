/// What the full-screen mode draws, and when: it lays the app out on a ``Screen`` and returns
/// the escape sequences for the rows that changed.
///
/// Layout, top to bottom: the tab bar, a rule, the selected tab's view or the show's screen on
/// top of the stack (through a ``ScrollingList`` of its own, so each keeps its scroll
/// position; what the screen presents, the dialog or the note form, takes the bottom lines of
/// that region), a rule, a line of notices or key hints, and a status line with each view's
/// render count. A window smaller than ``minimumSize`` shows only a message saying so, until it
/// is resized.
///
/// No terminal I/O happens here, so tests draw into it at any size and read ``Screen/rows``.
@MainActor
final class Display {
  struct Size: Equatable {
    var width: Int
    var height: Int
  }

  /// The smallest window the layout fits in: the tab bar's width, and the five fixed rows with
  /// room for a view's two header lines, a row of its list and its position line.
  static let minimumSize = Size(width: 40, height: 9)

  private enum Region: CaseIterable {
    case tabs, content, hint, status
  }

  private let app: TrackerApp
  private(set) var screen = Screen(width: 80, height: 24)
  private var lists: [String: ScrollingList] = [:]
  private var dirty: Set<Region> = []
  /// Whether the window is below ``minimumSize``, so only the message is shown.
  private(set) var isTooSmall = false

  /// A message shown instead of the key hints until the next key.
  var notice: String? {
    didSet { dirty.insert(.hint) }
  }

  init(app: TrackerApp) {
    self.app = app
  }

  /// Clears the screen and draws everything at `size`: at the start, and after a resize.
  func redrawAll(size: Size) -> String {
    var output = screen.clear(width: size.width, height: size.height)
    _ = app.takeRerendered()
    _ = app.takeClosed()
    isTooSmall = size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    if isTooSmall {
      let message = Self.tooSmallMessage(size)
      output += screen.update(message.enumerated().map { ($0.offset + 1, $0.element) })
      return output
    }
    dirty = Set(Region.allCases)
    return output + paint()
  }

  /// Redraws the regions of the views that rendered or went away since the last call.
  func flush() -> String {
    let rendered = Set(app.takeRerendered().map(ObjectIdentifier.init))
    let closed = app.takeClosed()
    guard !isTooSmall else { return "" }
    if rendered.contains(ObjectIdentifier(app.hosts[0])) {
      // Another tab is selected: its view did not render, but it takes the content region.
      dirty.formUnion([.tabs, .content, .hint])
    }
    let shown = app.topScreen?.hosts ?? [app.host(for: app.selectedTab)]
    if !closed.isEmpty || shown.contains(where: { rendered.contains(ObjectIdentifier($0)) }) {
      // A screen or a presentation came or went, or the shown view changed; the hints depend
      // on what is shown and whether its list has entries.
      dirty.formUnion([.content, .hint])
    }
    if !rendered.isEmpty || !closed.isEmpty { dirty.insert(.status) }
    return paint()
  }

  /// The lines that say the window is too small, wrapped to fit it as far as they can.
  static func tooSmallMessage(_ size: Size) -> [String] {
    let minimum = minimumSize
    let text =
      "The window is \(size.width)x\(size.height); tv-tracker needs at least "
      + "\(minimum.width)x\(minimum.height). Make it larger, or press Ctrl-C to quit."
    return Array(TextWidth.wrap(text, width: size.width).prefix(size.height))
  }

  /// As many of `items` as fit in `width` columns, two spaces apart; the last (how to quit)
  /// is kept whatever is dropped.
  static func fit(_ items: [String], width: Int) -> String {
    guard let last = items.last else { return "" }
    var kept: [String] = []
    for item in items.dropLast() {
      let candidate = (kept + [item, last]).joined(separator: "  ")
      guard TextWidth.columns(candidate) <= width else { break }
      kept.append(item)
    }
    return (kept + [last]).joined(separator: "  ")
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
      let lines = contentLines(rows: contentRows)
      for index in 0..<contentRows {
        let line = index < lines.count ? lines[index] : ""
        rows.append((3 + index, line.isEmpty ? "" : " " + line))
      }
    }
    if dirty.contains(.hint) {
      rows.append(
        (height - 1, " " + (notice ?? Self.fit(KeyBindings.hints(in: app), width: width - 1))))
    }
    if dirty.contains(.status) {
      rows.append((height, Self.statusLine(app, width: width)))
    }
    return screen.update(rows)
  }

  /// The lines of the content region: the show's screen on top of the stack, with what it
  /// presents at the bottom, or else the selected tab's view.
  private func contentLines(rows: Int) -> [String] {
    guard let top = app.topScreen else {
      let host = app.host(for: app.selectedTab)
      return lists[host.name, default: ScrollingList()].lines(host.rendering, rows: rows)
    }
    // Each pushed screen scrolls on its own; a popped one's position goes with it.
    let onStack = Set(app.screens.map { "screen \($0.id)" })
    lists = lists.filter { !$0.key.hasPrefix("screen ") || onStack.contains($0.key) }
    let presented = top.presented?.host.lines ?? []
    // What is presented stays on screen, a blank line above it, however long the list is.
    let overlay = presented.isEmpty ? [] : Array(([""] + presented).suffix(rows))
    let listRows = rows - overlay.count
    var lines = lists["screen \(top.id)", default: ScrollingList()].lines(
      top.rendering, rows: listRows)
    lines += Array(repeating: "", count: max(0, listRows - lines.count))
    return lines + overlay
  }

  /// The status line: each tab view's render count, then the show screen's on top (its frame,
  /// its episode rows together, and what it presents), two spaces apart, or one when that does
  /// not fit `width`.
  static func statusLine(_ app: TrackerApp, width: Int) -> String {
    var counts = app.hosts.map { "\($0.name) \($0.renderCount)" }
    if let top = app.topScreen {
      counts.append("detail \(top.frame.renderCount)")
      counts.append("rows \(top.rows.reduce(0) { $0 + $1.renderCount })")
      if let presented = top.presented?.host {
        counts.append("\(presented.name) \(presented.renderCount)")
      }
    }
    let line = " renders: " + counts.joined(separator: "  ")
    return TextWidth.columns(line) <= width ? line : " renders: " + counts.joined(separator: " ")
  }
}

/// What the full-screen mode draws, and when: it lays the app out on a ``Screen`` and returns
/// the escape sequences for the rows that changed.
///
/// Layout, top to bottom: the tab bar, a rule, the selected tab's view (through a
/// ``ScrollingList`` of its own, so each screen keeps its scroll position), a rule, a line of
/// notices or key hints, and a status line with each view's render count. A window smaller
/// than ``minimumSize`` shows only a message saying so, until it is resized.
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
    isTooSmall = size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    if isTooSmall {
      let message = Self.tooSmallMessage(size)
      output += screen.update(message.enumerated().map { ($0.offset + 1, $0.element) })
      return output
    }
    dirty = Set(Region.allCases)
    return output + paint()
  }

  /// Redraws the regions of the views that rendered since the last call.
  func flush() -> String {
    let rendered = Set(app.takeRerendered().map(\.name))
    guard !isTooSmall else { return "" }
    if rendered.contains("tabs") {
      // Another tab is selected: its view did not render, but it takes the content region.
      dirty.formUnion([.tabs, .content, .hint])
    }
    if rendered.contains(app.host(for: app.selectedTab).name) {
      // The hints depend on whether its list has entries.
      dirty.formUnion([.content, .hint])
    }
    if !rendered.isEmpty { dirty.insert(.status) }
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
    let host = app.host(for: app.selectedTab)
    if dirty.contains(.content) {
      let lines = lists[host.name, default: ScrollingList()].lines(
        host.rendering, rows: contentRows)
      for index in 0..<contentRows {
        rows.append((3 + index, index < lines.count ? " " + lines[index] : ""))
      }
    }
    if dirty.contains(.hint) {
      let hints = KeyBindings.hints(
        for: app.selectedTab, hasEntries: !host.rendering.rows.isEmpty)
      rows.append((height - 1, " " + (notice ?? Self.fit(hints, width: width - 1))))
    }
    if dirty.contains(.status) {
      let counts = app.hosts.map { "\($0.name) \($0.renderCount)" }.joined(separator: "  ")
      rows.append((height, " renders: " + counts))
    }
    return screen.update(rows)
  }
}

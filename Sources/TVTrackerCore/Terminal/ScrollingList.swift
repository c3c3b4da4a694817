/// Fits a ``Rendering`` into a number of rows: its header on top, its footer below, and
/// between them as much of its list as fits, scrolled to keep the selection in view.
///
/// One per screen, since it remembers where its list is scrolled to: it moves only as far as
/// it must to show the selection, so moving the cursor down a long list does not jump about.
/// When the list does not fit, a last line says which entries are shown.
///
/// ```swift
/// var list = ScrollingList()
/// let lines = list.lines(view.rendering, rows: 10)
/// ```
struct ScrollingList: Equatable {
  /// The index of the first list row on screen.
  private(set) var top = 0

  /// The lines to show in `rows` rows, at most `rows` of them.
  mutating func lines(_ rendering: Rendering, rows: Int) -> [String] {
    guard rows > 0 else { return [] }
    let header = Array(rendering.header.prefix(rows))
    let room = rows - header.count
    let list = rendering.rows
    if list.count + rendering.footer.count <= room {
      top = 0
      return header + list + rendering.footer
    }
    if list.count <= room {
      top = 0
      return header + list + rendering.footer.prefix(room - list.count)
    }
    // Too long: give up the footer, then the position line, before a row of the list.
    var visible = room - 1 - rendering.footer.count
    var footer = rendering.footer
    if visible < 1 {
      footer = []
      visible = room - 1
    }
    let showsPosition = visible >= 1
    if !showsPosition { visible = room }
    guard visible > 0 else { return header }
    let shown = scroll(count: list.count, visible: visible, to: rendering.selection)
    var lines = header + list[shown]
    if showsPosition {
      lines.append("  (\(shown.lowerBound + 1)-\(shown.upperBound) of \(list.count))")
    }
    return lines + footer
  }

  /// Moves the window of `visible` rows over a list of `count` as little as it can so that it
  /// shows `selection`.
  private mutating func scroll(count: Int, visible: Int, to selection: Int?) -> Range<Int> {
    var start = min(top, count - visible)
    if let selection {
      if selection < start { start = selection }
      if selection >= start + visible { start = selection - visible + 1 }
    }
    top = max(0, min(start, count - visible))
    return top..<(top + visible)
  }
}

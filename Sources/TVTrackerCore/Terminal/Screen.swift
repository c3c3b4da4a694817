/// The rows on screen, so that a redraw writes only the rows whose text changed.
///
/// Pure bookkeeping that returns the escape sequences to write; tests read them back, and read
/// what each row shows from ``rows``.
struct Screen {
  private(set) var width: Int
  private(set) var height: Int
  /// What each row shows now, from row 1; nil for a row never drawn since the last clear.
  private var drawn: [String?]

  init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    drawn = Array(repeating: nil, count: self.height)
  }

  /// What each row shows, top to bottom; empty for a row not drawn.
  var rows: [String] { drawn.map { $0 ?? "" } }

  /// Forgets what is on screen and returns the sequence that clears it.
  mutating func clear(width: Int, height: Int) -> String {
    self = Screen(width: width, height: height)
    return "\u{1B}[H\u{1B}[2J"
  }

  /// Puts `text` on each row (from 1), cut to the screen's width in display columns, with
  /// control characters made harmless.
  ///
  /// - Returns: The escape sequences that redraw the rows whose text changed; empty when none
  ///   did.
  mutating func update(_ rows: [(row: Int, text: String)]) -> String {
    var output = ""
    for (row, text) in rows where (1...height).contains(row) {
      let fitted = TextWidth.prefix(TextWidth.printable(text), fitting: width)
      guard drawn[row - 1] != fitted else { continue }
      drawn[row - 1] = fitted
      // Erase to the end of the line only when the text leaves room: in the last column it
      // would erase the last character on terminals that defer the wrap.
      let erase = TextWidth.columns(fitted) < width ? "\u{1B}[K" : ""
      output += "\u{1B}[\(row);1H\(fitted)\(erase)"
    }
    return output
  }
}

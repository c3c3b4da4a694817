/// Small text-layout helpers shared by the views' `render` functions.
///
/// Widths are display columns (see ``TextWidth``), so a title in CJK or with an emoji lines up
/// with the rest.
enum Layout {
  /// Marks the list entry under the cursor. Not `>`, which line mode puts before each command.
  static let cursor = "›"

  /// `text` cut or padded with spaces to `width` columns; a cut ends in `~`.
  static func pad(_ text: String, to width: Int) -> String {
    let columns = TextWidth.columns(text)
    if columns > width {
      let cut = TextWidth.prefix(text, fitting: max(0, width - 1)) + "~"
      return cut + String(repeating: " ", count: max(0, width - TextWidth.columns(cut)))
    }
    return text + String(repeating: " ", count: width - columns)
  }

  /// A list number right-aligned in three columns, with its dot: ` 1.`.
  static func number(_ number: Int) -> String {
    let text = "\(number)."
    return String(repeating: " ", count: max(0, 3 - text.count)) + text
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}

/// Small text-layout helpers shared by the views' `render` functions.
enum Layout {
  /// Marks the list entry under the cursor. Not `>`, which line mode puts before each command.
  static let cursor = "›"

  /// `text` cut or padded with spaces to `width` characters.
  static func pad(_ text: String, to width: Int) -> String {
    if text.count > width { return String(text.prefix(width - 1)) + "~" }
    return text + String(repeating: " ", count: width - text.count)
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

/// What a view's `render` returns: its lines, and which of them form a list that may scroll.
///
/// Line mode prints ``lines`` whole. The full-screen mode keeps ``header`` and ``footer`` on
/// screen and scrolls ``rows`` to keep the ``selection`` in view, so a view that lists things
/// says which lines those are, and any screen gets scrolling for free. A view without a list
/// is written as an array literal of its lines:
///
/// ```swift
/// func render(_ state: State) -> Rendering {
///   Rendering(header: ["Search: \(state.query)"], rows: resultLines, selection: 0)
/// }
/// ```
struct Rendering: Equatable, ExpressibleByArrayLiteral {
  /// The lines above the list, always on screen when they fit.
  var header: [String]
  /// The list, which scrolls when it does not fit.
  var rows: [String]
  /// The index in ``rows`` of the line under the cursor, kept on screen; nil for none.
  var selection: Int?
  /// The lines below the list, on screen when there is room for them and a row of the list.
  var footer: [String]

  init(header: [String], rows: [String] = [], selection: Int? = nil, footer: [String] = []) {
    self.header = header
    self.rows = rows
    self.selection = selection
    self.footer = footer
  }

  init(arrayLiteral lines: String...) {
    self.init(header: lines)
  }

  /// Every line, top to bottom.
  var lines: [String] { header + rows + footer }
}

/// A piece of plain text held in state, such as an alert's title, that tests can compare.
///
/// Write it as a string literal, with interpolations, or with ``init(_:)``, and read it back
/// with `String(state:)`:
///
/// ```swift
/// let title: TextState = "Delete \(show.title)?"
/// let message = TextState("This cannot be undone.")
/// String(state: title)  // "Delete Breakwater?"
/// ```
///
/// The API follows swift-navigation's `TextState`, which Composable Architecture users know,
/// so alerts written for it read the same here. Conduit's is plain text only: there are no
/// fonts, colours or localized keys, because a state value must mean the same thing to every
/// renderer (a SwiftUI `Text`, a terminal line) and compare equal when it reads the same.
/// Two values are equal when their text is; a concatenation equals the same text written in
/// one piece.
///
/// Its `description` is the text itself, for renderers; test failures quote it, as
/// `"Delete Breakwater?"`.
public struct TextState: Hashable, Sendable {
  /// The text; concatenations are joined when they are made.
  let string: String

  /// Creates a text value that shows `content` exactly as it is.
  ///
  /// ```swift
  /// TextState(verbatim: show.title)
  /// ```
  ///
  /// - Parameter content: The text.
  public init(verbatim content: String) {
    self.string = content
  }

  /// Creates a text value from any string.
  ///
  /// ```swift
  /// TextState(show.title)
  /// TextState(line.dropFirst(2))
  /// ```
  ///
  /// A string literal written this way (`TextState("Delete?")`) is the literal form of the
  /// value; both mean the same text.
  ///
  /// - Parameter content: The text.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) {
    self.string = String(content)
  }

  /// Joins two text values into one.
  ///
  /// ```swift
  /// let title = TextState("Delete ") + TextState(show.title) + TextState("?")
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The text that comes first.
  ///   - rhs: The text that follows.
  /// - Returns: The text of both, in order.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.string + rhs.string)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  /// Creates a text value from a string literal.
  ///
  /// ```swift
  /// let title: TextState = "Delete?"
  /// ```
  ///
  /// - Parameter value: The literal's text.
  public init(stringLiteral value: String) {
    self.string = value
  }

  /// Creates a text value from a string literal with interpolations.
  ///
  /// ```swift
  /// let title: TextState = "Delete \(show.title)?"
  /// ```
  ///
  /// - Parameter stringInterpolation: The literal, with its interpolated values.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.string = String(stringInterpolation: stringInterpolation)
  }
}

extension TextState: CustomStringConvertible, CustomDebugStringConvertible, DiffDescribable {
  /// The text itself, as a renderer shows it.
  public var description: String { string }

  /// The value as Swift would write it: `TextState("Delete?")`.
  public var debugDescription: String { "TextState(\(String(reflecting: string)))" }

  var diffDescription: String { String(reflecting: string) }
}

extension String {
  /// The text of a ``TextState``.
  ///
  /// ```swift
  /// Text(verbatim: String(state: alert.title))
  /// ```
  ///
  /// - Parameter state: The text value.
  public init(state: TextState) {
    self = state.string
  }
}

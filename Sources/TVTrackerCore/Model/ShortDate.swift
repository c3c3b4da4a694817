import Foundation

/// Formats and parses the short dates the app shows and the catalog stores (`2019-03-14`).
///
/// A fixed UTC, Gregorian format: the output must not depend on the machine's locale or time
/// zone, or the line-mode transcript would differ from one machine to the next.
enum ShortDate {
  private static let style = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

  static func string(from date: Date) -> String {
    date.formatted(style)
  }

  static func date(from string: String) -> Date? {
    try? style.parse(string)
  }
}

import Foundation

/// One command of line mode.
enum LineCommand: Equatable {
  case tab(AppFeature.Tab)
  case type(String)
  case watch(Int)
  case clear
  case quit
  case help

  static let helpText = [
    "commands:",
    "  tab activity|search|profile   switch tabs",
    "  type <text>                   search the catalog for <text>",
    "  clear                         empty the search",
    "  watch <n>                     mark entry <n> of this tab's list watched",
    "  help                          show this list",
    "  quit                          leave (so does the end of the input)",
  ]

  /// Reads one line of input.
  ///
  /// - Returns: The command, or nil for a blank line or a `#` comment.
  /// - Throws: ``CommandError`` for anything else that is not a command.
  static func parse(_ line: String) throws(CommandError) -> LineCommand? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    let name = String(trimmed.prefix { !$0.isWhitespace })
    let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    switch name {
    case "tab":
      guard let tab = AppFeature.Tab(rawValue: argument) else {
        throw CommandError("tab: expected activity, search or profile, not '\(argument)'")
      }
      return .tab(tab)
    case "type":
      guard !argument.isEmpty else {
        throw CommandError("type: expected the text to search for (use 'clear' to empty it)")
      }
      return .type(argument)
    case "watch":
      guard let number = Int(argument), number > 0 else {
        throw CommandError("watch: expected the number of an entry, such as 'watch 1'")
      }
      return .watch(number)
    case "clear", "quit", "help":
      guard argument.isEmpty else { throw CommandError("\(name): takes no argument") }
      return name == "clear" ? .clear : name == "quit" ? .quit : .help
    default:
      throw CommandError("unknown command '\(name)'; type 'help' for the commands")
    }
  }
}

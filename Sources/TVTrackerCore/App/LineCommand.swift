import Foundation

/// One command of line mode.
enum LineCommand: Equatable {
  case tab(AppFeature.Tab)
  case type(String)
  case watch(Int)
  case clear
  case open(Int)
  case back
  case unwatch(Int)
  case confirm
  case cancel
  /// Opens the note form; with a text, puts it in the field in place of what is there.
  case note(String?)
  case save
  case quit
  case help

  static let helpText = [
    "commands:",
    "  tab activity|search|profile   switch tabs (closes a show's screen)",
    "  type <text>                   search the catalog for <text>",
    "  clear                         empty the search, or the note being written",
    "  watch <n>                     mark entry <n> of the list shown watched",
    "  open <n>                      open the show of entry <n> of this tab's list",
    "  back                          close the show's screen",
    "  unwatch <n>                   on a show's screen, mark episode <n> unwatched,",
    "                                once you confirm",
    "  confirm, cancel               answer the question asked; cancel also closes",
    "                                the note without saving it",
    "  note [<text>]                 on a show's screen, write its note: <text>",
    "                                replaces what is written",
    "  save                          save the note and close it",
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
    case "watch", "open", "unwatch":
      guard let number = Int(argument), number > 0 else {
        throw CommandError("\(name): expected the number of an entry, such as '\(name) 1'")
      }
      return name == "watch" ? .watch(number) : name == "open" ? .open(number) : .unwatch(number)
    case "note":
      return .note(argument.isEmpty ? nil : argument)
    case "clear", "back", "confirm", "cancel", "save", "quit", "help":
      guard argument.isEmpty else { throw CommandError("\(name): takes no argument") }
      let commands: [String: LineCommand] = [
        "clear": .clear, "back": .back, "confirm": .confirm, "cancel": .cancel, "save": .save,
        "quit": .quit, "help": .help,
      ]
      return commands[name]
    default:
      throw CommandError("unknown command '\(name)'; type 'help' for the commands")
    }
  }
}

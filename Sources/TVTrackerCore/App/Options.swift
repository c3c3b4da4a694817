/// The command-line options.
struct Options: Equatable {
  enum Mode: Equatable {
    /// Interactive when standard input and output are terminals, else line mode.
    case automatic
    case lines
  }

  var mode = Mode.automatic
  /// The history file given with `--data`.
  var dataPath: String?
  /// Line mode ends with status 1 when a command failed.
  var strict = false
  var showHelp = false

  static let usage = """
    usage: tv-tracker [--lines] [--strict] [--data FILE]

      --lines       read commands from standard input, one a line, and print the views
                    that render again after each (the default when standard input is not
                    a terminal); the command 'help' lists the commands
      --strict      in line mode, exit with status 1 when a command failed (the others
                    still run); without it, the status is 0
      --data FILE   keep the watched history and the notes in FILE, a regular file or a
                    name for a new one (default: $XDG_DATA_HOME/tv-tracker/history.json,
                    or ~/.local/share/tv-tracker/history.json)
      -h, --help    show this help
    """

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``CommandError`` with a one-line reason for an unknown or incomplete option.
  static func parse(_ arguments: [String]) throws(CommandError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--lines":
        options.mode = .lines
      case "--strict":
        options.strict = true
      case "-h", "--help":
        options.showHelp = true
      case "--data":
        guard let path = remaining.popFirst(), !path.isEmpty, !path.hasPrefix("-") else {
          throw CommandError("--data needs a file name")
        }
        options.dataPath = path
      default:
        if argument.hasPrefix("--data=") {
          let path = String(argument.dropFirst("--data=".count))
          guard !path.isEmpty else { throw CommandError("--data needs a file name") }
          options.dataPath = path
        } else if argument.hasPrefix("-") {
          throw CommandError("unknown option '\(argument)'")
        } else {
          throw CommandError("unexpected argument '\(argument)'")
        }
      }
    }
    return options
  }
}

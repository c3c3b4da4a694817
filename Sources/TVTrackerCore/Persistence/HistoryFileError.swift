/// Why the history file could not be read or written, in words for the user.
struct HistoryFileError: Error, Equatable, CustomStringConvertible {
  var description: String
}

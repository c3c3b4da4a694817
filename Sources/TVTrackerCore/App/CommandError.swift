/// A command that cannot be carried out, with the one line that says why.
struct CommandError: Error, Equatable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

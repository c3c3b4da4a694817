/// Where the watched history lives when `--data` does not say.
enum HistoryLocation {
  /// `$XDG_DATA_HOME/tv-tracker/history.json` when that variable holds an absolute path (the
  /// XDG specification says to ignore a relative one), else
  /// `$HOME/.local/share/tv-tracker/history.json`.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - home: The home folder to use when `HOME` is not set.
  /// - Returns: The path of the history file.
  static func defaultPath(environment: [String: String], home: String) -> String {
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return join(dataHome, "tv-tracker/history.json")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home
    return join(home, ".local/share/tv-tracker/history.json")
  }

  private static func join(_ folder: String, _ rest: String) -> String {
    folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
  }
}

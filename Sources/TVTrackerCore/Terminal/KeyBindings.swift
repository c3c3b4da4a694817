import Conduit

/// What each key does in the interactive mode.
///
/// On the Search tab, printable keys type into the query, so only keys that cannot be typed
/// act there (arrows, Enter, Tab, Escape, Ctrl-C, Ctrl-D). On the other tabs, 1/2/3 pick a tab,
/// j/k move, space watches, `/` jumps to Search and `q` quits. Ctrl-C and Ctrl-D quit anywhere.
@MainActor
enum KeyBindings {
  enum Outcome: Equatable {
    case handled(StoreTask?)
    case quit
  }

  static func handle(_ key: Key, in app: TrackerApp) -> Outcome {
    let onSearch = app.selectedTab == .search
    switch key {
    case .interrupt, .endOfInput:
      return .quit
    case .tab:
      return .handled(app.select(next(after: app.selectedTab, by: 1)))
    case .backTab:
      return .handled(app.select(next(after: app.selectedTab, by: -1)))
    case .up:
      return .handled(app.moveSelection(by: -1))
    case .down:
      return .handled(app.moveSelection(by: 1))
    case .enter:
      return .handled(app.watchSelected())
    case .backspace where onSearch:
      return .handled(app.type(String(app.search.viewModel.query.dropLast())))
    case .escape where onSearch:
      return .handled(app.type(""))
    case .character(let character) where onSearch:
      return .handled(app.type(app.search.viewModel.query + String(character)))
    case .character(let character):
      return handleCommandKey(character, in: app)
    case .left, .right, .backspace, .escape, .other:
      return .handled(nil)
    }
  }

  private static func handleCommandKey(_ character: Character, in app: TrackerApp) -> Outcome {
    switch character {
    case "1": .handled(app.select(.activity))
    case "2", "/": .handled(app.select(.search))
    case "3": .handled(app.select(.profile))
    case "j": .handled(app.moveSelection(by: 1))
    case "k": .handled(app.moveSelection(by: -1))
    case " ": .handled(app.watchSelected())
    case "q": .quit
    default: .handled(nil)
    }
  }

  private static func next(after tab: AppFeature.Tab, by offset: Int) -> AppFeature.Tab {
    let tabs = AppFeature.Tab.allCases
    let index = tabs.firstIndex(of: tab)! + offset
    return tabs[(index + tabs.count) % tabs.count]
  }

  /// What a key does while the window is too small to show the app: only the keys that quit
  /// act, since every other one would change what the user cannot see.
  static func handleWhileTooSmall(_ key: Key) -> Outcome {
    key == .interrupt || key == .endOfInput ? .quit : .handled(nil)
  }

  /// The key hints for a tab, most useful first and how to quit last; the display shows as
  /// many as fit. Keys that act on a list are left out while it has no entries.
  static func hints(for tab: AppFeature.Tab, hasEntries: Bool) -> [String] {
    switch tab {
    case .search:
      ["type to search"] + (hasEntries ? ["up/down move", "Enter watch"] : [])
        + ["Esc clear", "Tab next tab", "Ctrl-C quit"]
    case .activity:
      ["1/2/3 or Tab switch"]
        + (hasEntries ? ["up/down or j/k move", "Enter or space watch again"] : ["/ search"])
        + ["q quit"]
    case .profile:
      ["1/2/3 or Tab switch", "/ search", "q quit"]
    }
  }
}

import Conduit

/// What each key does in the interactive mode.
///
/// On the Search tab, printable keys type into the query, so only keys that cannot be typed
/// act there (arrows, Enter, Tab, Escape, Ctrl-C). On the other tabs, 1/2/3 pick a tab, j/k move,
/// space watches, `/` jumps to Search and `q` quits.
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

  /// The keys line shown for a tab.
  static func hint(for tab: AppFeature.Tab) -> String {
    switch tab {
    case .search:
      "type to search  up/down move  Enter watch  Esc clear  Tab next tab  Ctrl-C quit"
    case .activity:
      "1/2/3 or Tab switch  up/down or j/k move  Enter or space watch again  q quit"
    case .profile:
      "1/2/3 or Tab switch  / search  q quit"
    }
  }
}

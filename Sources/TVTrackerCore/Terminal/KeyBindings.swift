import Conduit

/// What each key does in the interactive mode.
///
/// On the Search tab, printable keys type into the query, so only keys that cannot be typed
/// act there (arrows, Enter, Tab, Escape, Ctrl-C, Ctrl-D); Right opens the show of the result
/// under the cursor. On the other tabs, 1/2/3 pick a tab, j/k move, space watches, `o` (or
/// Right) opens the show, `/` jumps to Search and `q` quits.
///
/// On a show's screen, the keys move over its episodes, Enter (or space) marks one watched or
/// asks to mark it unwatched, `u` asks to mark it unwatched, `n` opens the note, and Esc
/// (Backspace, Left, `b`) goes back; a tab key closes the screen and picks that tab. While it
/// asks to confirm, Enter (or `y`) confirms and Esc (or `n`) cancels, and nothing else acts;
/// while the note is open, printable keys type into it, Backspace deletes, Enter saves and Esc
/// closes it unsaved. Ctrl-C and Ctrl-D quit anywhere.
@MainActor
enum KeyBindings {
  enum Outcome: Equatable {
    case handled(StoreTask?)
    case quit
  }

  static func handle(_ key: Key, in app: TrackerApp) -> Outcome {
    if key == .interrupt || key == .endOfInput { return .quit }
    if let form = app.noteForm { return handleNote(key, form: form, in: app) }
    if app.dialog != nil { return handleDialog(key, in: app) }
    if app.topScreen != nil { return handleScreen(key, in: app) }
    let onSearch = app.selectedTab == .search
    switch key {
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
    case .right:
      return .handled(app.openSelected())
    case .backspace where onSearch:
      return .handled(app.type(String(app.search.viewModel.query.dropLast())))
    case .escape where onSearch:
      return .handled(app.type(""))
    case .character(let character) where onSearch:
      return .handled(app.type(app.search.viewModel.query + String(character)))
    case .character(let character):
      return handleCommandKey(character, in: app)
    case .left, .backspace, .escape, .other, .interrupt, .endOfInput:
      return .handled(nil)
    }
  }

  private static func handleCommandKey(_ character: Character, in app: TrackerApp) -> Outcome {
    if let tab = tabKey(character) { return .handled(app.select(tab)) }
    switch character {
    case "j": return .handled(app.moveSelection(by: 1))
    case "k": return .handled(app.moveSelection(by: -1))
    case " ": return .handled(app.watchSelected())
    case "o": return .handled(app.openSelected())
    case "q": return .quit
    default: return .handled(nil)
    }
  }

  private static func handleScreen(_ key: Key, in app: TrackerApp) -> Outcome {
    switch key {
    case .up, .character("k"): return .handled(app.moveSelection(by: -1))
    case .down, .character("j"): return .handled(app.moveSelection(by: 1))
    case .enter, .character(" "): return .handled(app.watchSelected())
    case .character("u"): return .handled(unwatchSelected(in: app))
    case .character("n"): return .handled(try? app.note(nil).last)
    case .escape, .backspace, .left, .character("b"): return .handled(try? app.back())
    case .tab: return .handled(app.select(next(after: app.selectedTab, by: 1)))
    case .backTab: return .handled(app.select(next(after: app.selectedTab, by: -1)))
    case .character("q"): return .quit
    case .character(let character):
      return .handled(tabKey(character).map { app.select($0) })
    default: return .handled(nil)
    }
  }

  private static func unwatchSelected(in app: TrackerApp) -> StoreTask? {
    guard let selection = app.topScreen?.selection else { return nil }
    return try? app.unwatch(number: selection + 1)
  }

  private static func handleDialog(_ key: Key, in app: TrackerApp) -> Outcome {
    switch key {
    case .enter, .character("y"): .handled(try? app.confirm())
    case .escape, .character("n"): .handled(try? app.cancel())
    default: .handled(nil)
    }
  }

  private static func handleNote(
    _ key: Key, form: Store<NoteForm.State, NoteForm.Action>, in app: TrackerApp
  ) -> Outcome {
    switch key {
    case .character(let character):
      .handled(form.send(.set(\.text, form.text + String(character))))
    case .backspace:
      .handled(form.send(.set(\.text, String(form.text.dropLast()))))
    case .enter: .handled(try? app.saveNote())
    case .escape: .handled(try? app.cancel())
    default: .handled(nil)
    }
  }

  private static func tabKey(_ character: Character) -> AppFeature.Tab? {
    switch character {
    case "1": .activity
    case "2", "/": .search
    case "3": .profile
    default: nil
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
      ["type to search"] + (hasEntries ? ["up/down move", "Enter watch", "Right open show"] : [])
        + ["Esc clear", "Tab next tab", "Ctrl-C quit"]
    case .activity:
      ["1/2/3 or Tab switch"]
        + (hasEntries
          ? ["up/down or j/k move", "Enter or space watch again", "o open show"] : ["/ search"])
        + ["q quit"]
    case .profile:
      ["1/2/3 or Tab switch", "/ search", "q quit"]
    }
  }

  /// The key hints for what the app shows: the screen on top, what it presents, or the
  /// selected tab.
  static func hints(in app: TrackerApp) -> [String] {
    if app.noteForm != nil {
      return ["type the note", "Enter save", "Esc close unsaved", "Ctrl-C quit"]
    }
    if let dialog = app.dialog?.state {
      let confirm = dialog.buttons.first { $0.role != .cancel }.map { String(state: $0.label) }
      let cancel = dialog.cancelButton.map { String(state: $0.label) } ?? "cancel"
      return (confirm.map { ["Enter \($0)"] } ?? []) + ["Esc \(cancel)", "Ctrl-C quit"]
    }
    if let screen = app.topScreen {
      return
        (screen.rowCount > 0
        ? ["up/down move", "Enter watch/unwatch", "u unwatch"] : [])
        + ["n note", "Esc back", "1/2/3 tabs", "q quit"]
    }
    return hints(
      for: app.selectedTab, hasEntries: !app.host(for: app.selectedTab).rendering.rows.isEmpty)
  }
}

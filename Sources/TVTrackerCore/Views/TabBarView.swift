import Conduit

/// The tab bar: it shows which tab is selected, and watches nothing else.
///
/// Fed by `store.observe(\.selectedTab)`, so typing in Search or watching an episode never
/// renders it again.
struct TabBarView: TerminalView {
  let viewModel: Store<AppFeature.Tab, AppFeature.Action>

  func render(_ selected: AppFeature.Tab) -> Rendering {
    let items = AppFeature.Tab.allCases.enumerated().map { index, tab in
      tab == selected ? "[\(index + 1) \(tab.title)]" : " \(index + 1) \(tab.title) "
    }
    return [Layout.trimmingTrailingSpaces(items.joined(separator: "  "))]
  }
}

import Conduit

/// One show's screen on the navigation stack, as the terminal shows it: the frame, a view per
/// episode row, and whatever the screen presents, each kept by a ``ViewHost`` that counts its
/// renders.
///
/// The terminal's counterpart of a SwiftUI navigation destination. Bound to the screen's
/// element store, it makes an ``EpisodeRowView`` for each row store of
/// `scope(state: \.episodes, action: ShowDetail.Action.episodes)` as the rows arrive, and while
/// the screen presents something, a view on the presented store: `scope(state: \.$destination,
/// action: ShowDetail.Action.destination)`, then the enum case's `scope(state:action:)`.
@MainActor
final class ShowScreen {
  typealias ConfirmUnwatch = ShowDetail.Destination.Action.ConfirmUnwatch

  /// What the screen presents over its list.
  enum Presented: Equatable {
    case dialog(Store<ConfirmationDialogState<ConfirmUnwatch>, ConfirmUnwatch>)
    case note(Store<NoteForm.State, NoteForm.Action>)

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.dialog(let left), .dialog(let right)): left === right
      case (.note(let left), .note(let right)): left === right
      default: false
      }
    }
  }

  let id: StackElementID
  let store: Store<ShowDetail.State, ShowDetail.Action>
  /// The frame: title, note and what the list holds.
  let frame: ViewHost
  /// One host per episode row, in the show's order.
  private(set) var rows: [ViewHost] = []
  /// What is presented, and the host of its view.
  private(set) var presented: (content: Presented, host: ViewHost)?
  /// Called when hosts appear (each has rendered once) or go away.
  var onHostsChanged: ((_ added: [ViewHost], _ removed: [ViewHost]) -> Void)?

  private let frameView: ShowDetailView
  /// The row stores in their latest order: a collection is a snapshot of the order it was
  /// made in, so each change of the rows brings a new one.
  private var rowStores: StoreCollection<Ids, EpisodeRow.State, EpisodeRow.Action>
  private var rowHosts: [Ids: ViewHost] = [:]
  private var subscriptions: [Subscription] = []

  init(id: StackElementID, store: Store<ShowDetail.State, ShowDetail.Action>) {
    self.id = id
    self.store = store
    frameView = ShowDetailView(viewModel: store.observe(\.detailView))
    frame = ViewHost(frameView, name: "detail")
    rowStores = store.scope(state: \.episodes, action: ShowDetail.Action.episodes)
    _ = updateRows(rowStores)
    _ = updatePresented()
    subscriptions.append(
      rowStores.subscribe { [weak self] rows in
        guard let self else { return }
        rowStores = rows
        let (added, removed) = updateRows(rows)
        onHostsChanged?(added, removed)
      })
    // Any change of the screen may present or dismiss something; finding out is a lookup.
    subscriptions.append(
      store.subscribe { [weak self] _ in
        guard let self else { return }
        let (added, removed) = updatePresented()
        if !added.isEmpty || !removed.isEmpty { onHostsChanged?(added, removed) }
      })
  }

  /// Every host, in display order: the frame, the rows, what is presented.
  var hosts: [ViewHost] {
    [frame] + rows + (presented.map { [$0.host] } ?? [])
  }

  /// The row under the cursor, from 0; nil while there are no rows.
  var selection: Int? { frameView.viewModel.state.selection }

  /// The screen as the full-screen mode lays it out: the frame's lines on top, and the rows
  /// below with the cursor on the selected one. What is presented is drawn apart, in the lines
  /// of its own host, so that it stays on screen however the list scrolls.
  var rendering: Rendering {
    let selection = selection
    let lines = rows.enumerated().map { index, row in
      (index == selection ? Layout.cursor : " ") + (row.lines.first ?? "")
    }
    return Rendering(header: frame.rendering.lines, rows: lines, selection: selection)
  }

  /// The store of the row at `index` (from 0), or nil.
  func rowStore(at index: Int) -> Store<EpisodeRow.State, EpisodeRow.Action>? {
    rowStores.indices.contains(index) ? rowStores[index] : nil
  }

  /// How many episode rows the screen shows.
  var rowCount: Int { rows.count }

  private func updateRows(
    _ collection: StoreCollection<Ids, EpisodeRow.State, EpisodeRow.Action>
  ) -> (added: [ViewHost], removed: [ViewHost]) {
    var added: [ViewHost] = []
    var kept: [Ids: ViewHost] = [:]
    rows = zip(collection.ids, collection).map { ids, row in
      if let host = rowHosts[ids] {
        kept[ids] = host
        return host
      }
      let host = ViewHost(EpisodeRowView(viewModel: row), name: "episode \(row.state.number)")
      kept[ids] = host
      added.append(host)
      return host
    }
    let removed = rowHosts.filter { kept[$0.key] == nil }.map(\.value)
    rowHosts = kept
    return (added, removed)
  }

  /// Makes the view of what is presented now, if it is not the one shown.
  private func updatePresented() -> (added: [ViewHost], removed: [ViewHost]) {
    let content = currentPresented()
    guard content != presented?.content else { return ([], []) }
    let removed = presented.map { [$0.host] } ?? []
    switch content {
    case .dialog(let dialog)?:
      presented = (content!, ViewHost(ConfirmationDialogView(viewModel: dialog), name: "dialog"))
    case .note(let form)?:
      presented = (content!, ViewHost(NoteFormView(viewModel: form), name: "note"))
    case nil:
      presented = nil
    }
    return (presented.map { [$0.host] } ?? [], removed)
  }

  /// The presented store, the same one for as long as the same presentation lasts.
  private func currentPresented() -> Presented? {
    guard
      let destination = store.scope(state: \.$destination, action: ShowDetail.Action.destination)
    else { return nil }
    if let dialog = destination.scope(
      state: ShowDetail.Destination.State.confirmUnwatch,
      action: ShowDetail.Destination.Action.confirmUnwatch)
    {
      return .dialog(dialog)
    }
    if let form = destination.scope(
      state: ShowDetail.Destination.State.note, action: ShowDetail.Destination.Action.note)
    {
      return .note(form)
    }
    return nil
  }
}

import Conduit

/// A view of the terminal app: a value holding the store it is fed by, with a pure `render`.
///
/// `render(_:)` is the analogue of a SwiftUI `body`: it turns the view state into the lines to
/// show (a ``Rendering``, which says which lines are a list that may scroll) and reads nothing
/// else, so tests call it directly with any state. ``ViewHost`` calls it again only when the
/// view model's state changes.
protocol TerminalView {
  associatedtype State: Equatable
  associatedtype Action

  /// The store the view is fed by: connected, scoped or observed from the app store.
  var viewModel: Store<State, Action> { get }

  /// The lines that show `state`.
  func render(_ state: State) -> Rendering
}

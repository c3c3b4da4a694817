/// A pure mapping between the app's state and actions and one view's state and actions.
///
/// A connector keeps formatting and lookups out of the view: the view declares the data it
/// renders and the actions it can send, and knows nothing of the app state. Because it is a
/// plain value, tests call it directly.
///
/// ```swift
/// struct WatchedHistoryConnector: Connector {
///   func connect(state: AppState) -> HistoryView.State {
///     HistoryView.State(posters: state.watchedHistory.compactMap { … })
///   }
///
///   func connect(action: HistoryView.Action) -> AppAction {
///     switch action {
///     case .markAsWatched(let episode): .markAsWatched(episode: episode, watched: true)
///     }
///   }
/// }
///
/// HistoryView(viewModel: store.connect(using: WatchedHistoryConnector()))
/// ```
///
/// Make a connector `Hashable` (a struct of hashable properties, or none) and
/// ``Store/connect(using:fileID:line:)`` returns the same live store for equal connectors, so a view body
/// may call it on every evaluation.
public protocol Connector {
  /// The state the connector reads: usually the app state.
  associatedtype State
  /// The action the connector produces: usually the app action.
  associatedtype Action
  /// The state the view renders.
  associatedtype ViewState: Equatable
  /// The actions the view can send.
  associatedtype ViewAction: Equatable

  /// Computes the view state from the app state.
  ///
  /// - Parameter state: The app state.
  /// - Returns: The state the view renders.
  func connect(state: State) -> ViewState

  /// Turns a view action into an app action.
  ///
  /// - Parameter action: An action the view sent.
  /// - Returns: The app action to send to the store.
  func connect(action: ViewAction) -> Action
}

/// A reducer that does nothing.
///
/// A store built with it ignores every action, which is what previews and snapshot tests of a
/// view need: render any state, with no app behind it.
///
/// ```swift
/// let preview = HistoryView.ViewModel(
///   initialState: HistoryView.State(posters: []),
///   reducer: EmptyReducer()
/// )
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  /// Leaves the state as it is.
  ///
  /// - Parameters:
  ///   - state: The state, unchanged.
  ///   - action: The action, ignored.
  /// - Returns: ``Effect/none``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

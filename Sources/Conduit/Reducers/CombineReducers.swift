/// Groups reducers into one, run in order, with their effects merged.
///
/// Inside a ``Reducer/body`` the reducers already run in order; `CombineReducers` is for
/// applying a modifier to a group, or for building a reducer outside a body.
///
/// ```swift
/// let app = CombineReducers {
///   Scope(state: \.search, action: AppAction.search) { Search() }
///   Reduce<AppState, AppAction> { state, action in … }
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline var reducers: Reducers

  /// Combines the reducers built by `build`.
  ///
  /// - Parameter build: The reducers, one per line.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the reducers in order.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The reducers' effects, merged.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  /// Runs the reducers in order, in place.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The reducers' effects, merged.
  @inlinable
  public mutating func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers._reduce(into: &state, action: action)
  }
}

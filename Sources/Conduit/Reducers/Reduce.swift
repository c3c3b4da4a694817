/// A reducer made from a closure.
///
/// Use it in a ``Reducer/body`` for the feature's own logic, next to the child reducers:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.search, action: Action.search) { Search() }
///   Reduce { state, action in
///     switch action {
///     case .tabSelected(let tab):
///       state.selectedTab = tab
///       return .none
///     case .search:
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure.
  ///
  /// - Parameter reduce: Changes the state in place for an action, and returns an effect.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps another reducer, hiding its type, for `if #available` in a body.
  ///
  /// It is not public on purpose: a public `init` that takes any reducer competes with the
  /// closure `init` above, and when a `Reduce { state, action in … }` closure has an error
  /// (a typo, an unknown case) the compiler then reports "type '(_, _) -> _' cannot conform
  /// to 'Reducer'" instead of the error itself.
  @usableFromInline
  init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
  }

  /// Runs the closure.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The closure's effect.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

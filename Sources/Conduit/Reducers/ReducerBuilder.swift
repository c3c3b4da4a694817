/// Builds a reducer from a list of reducers that run one after another.
///
/// It is what makes a ``Reducer/body`` a list:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.search, action: Action.search) { Search() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// `if`, `if let`, `switch` and `for` work as in other result builders.
///
/// A store builds its reducer's `body` once, but the body of a child feature is built for each
/// action that reaches it (as is a body whose `reduce` is called directly), so the builder takes
/// its parts as `consuming`: each reducer is moved into the one built from it, never copied.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Accepts a reducer of this builder's state and action; this is what lets `Scope(…) { … }`
  /// infer its generic parameters.
  ///
  /// - Parameter reducer: A reducer in the body.
  /// - Returns: The same reducer.
  @inlinable
  public static func buildExpression<R: Reducer>(
    _ reducer: consuming R
  ) -> R where R.State == State, R.Action == Action {
    reducer
  }

  /// An empty body: a reducer that does nothing.
  ///
  /// - Returns: An ``EmptyReducer``.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// The first reducer of a body.
  ///
  /// - Parameter first: The reducer.
  /// - Returns: The same reducer.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(
    first: consuming R
  ) -> R where R.State == State, R.Action == Action {
    first
  }

  /// Appends a reducer to those before it.
  ///
  /// - Parameters:
  ///   - accumulated: The reducers so far.
  ///   - next: The next reducer.
  /// - Returns: A reducer that runs `accumulated`, then `next`.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: consuming R0, next: consuming R1
  ) -> Pair<R0, R1>
  where
    R0.State == State, R0.Action == Action, R1.State == State,
    R1.Action == Action
  {
    Pair(first: accumulated, second: next)
  }

  /// A reducer inside an `if` without `else`.
  ///
  /// - Parameter reducer: The reducer, or nil when the condition was false.
  /// - Returns: A reducer that runs `reducer` when present.
  @inlinable
  public static func buildOptional<R: Reducer>(
    _ reducer: consuming R?
  ) -> Conditional<R, EmptyReducer<State, Action>> where R.State == State, R.Action == Action {
    reducer.map(Conditional.first) ?? .second(EmptyReducer())
  }

  /// The reducer of the first branch of an `if`–`else` or `switch`.
  ///
  /// - Parameter first: The branch's reducer.
  /// - Returns: A reducer that runs `first`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(
    first: consuming R0
  ) -> Conditional<R0, R1> where R0.State == State, R0.Action == Action {
    .first(first)
  }

  /// The reducer of the second branch of an `if`–`else` or `switch`.
  ///
  /// - Parameter second: The branch's reducer.
  /// - Returns: A reducer that runs `second`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(
    second: consuming R1
  ) -> Conditional<R0, R1> where R1.State == State, R1.Action == Action {
    .second(second)
  }

  /// The reducers of a `for` loop.
  ///
  /// - Parameter reducers: One reducer per iteration.
  /// - Returns: A reducer that runs them in order and merges their effects.
  @inlinable
  public static func buildArray<R: Reducer>(
    _ reducers: [R]
  ) -> Reduce<State, Action> where R.State == State, R.Action == Action {
    Reduce { state, action in
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }

  /// A reducer inside `if #available`, erased so the body's type does not mention it.
  ///
  /// - Parameter reducer: The reducer.
  /// - Returns: The reducer, wrapped in a ``Reduce``.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(
    _ reducer: R
  ) -> Reduce<State, Action> where R.State == State, R.Action == Action {
    Reduce(reducer)
  }

  /// Two reducers run one after the other, merging their effects. The builder makes these; you
  /// do not name them.
  public struct Pair<R0: Reducer, R1: Reducer>: Reducer
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    @usableFromInline var first: R0
    @usableFromInline var second: R1

    @inlinable
    init(first: R0, second: R1) {
      self.first = first
      self.second = second
    }

    /// Runs the first reducer, then the second, and merges their effects.
    ///
    /// - Parameters:
    ///   - state: The state to change, in place.
    ///   - action: The action to handle.
    /// - Returns: Both reducers' effects, run at the same time.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      let firstEffect = first.reduce(into: &state, action: action)
      return firstEffect.merging(second.reduce(into: &state, action: action))
    }

    /// Runs the first reducer, then the second, each in place, and merges their effects.
    ///
    /// - Parameters:
    ///   - state: The state to change, in place.
    ///   - action: The action to handle.
    /// - Returns: Both reducers' effects, run at the same time.
    @inlinable @inline(__always)
    public mutating func _reduce(into state: inout State, action: Action) -> Effect<Action> {
      let firstEffect = first._reduce(into: &state, action: action)
      return firstEffect.merging(second._reduce(into: &state, action: action))
    }
  }

  /// One of two reducers, picked by an `if` or `switch`. The builder makes these; you do not
  /// name them.
  public enum Conditional<R0: Reducer, R1: Reducer>: Reducer
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    /// The first branch was taken.
    case first(R0)
    /// The second branch was taken.
    case second(R1)

    /// Runs the reducer of the branch that was taken.
    ///
    /// - Parameters:
    ///   - state: The state to change, in place.
    ///   - action: The action to handle.
    /// - Returns: That reducer's effect.
    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case .first(let reducer): reducer.reduce(into: &state, action: action)
      case .second(let reducer): reducer.reduce(into: &state, action: action)
      }
    }
  }
}

extension Reducer {
  /// Runs more logic after this reducer, for an action that changed a value of the state.
  ///
  /// The usual partner of ``BindingReducer``: a form sets a field, and something follows from
  /// its new value.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   BindingReducer()
  ///     .onChange(of: \.text) { oldText, newText in
  ///       Reduce { state, action in
  ///         state.isDirty = newText != state.savedText
  ///         return .none
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// For every action this reducer runs first; then, only if the value read by `toValue` is
  /// not equal (`!=`) to what it was before, the reducer that `reducer` returns runs with the
  /// same action, and the two reducers' effects are merged. An action that sets the value to
  /// what it already was changes nothing, so nothing follows. The value is compared before and
  /// after this reducer only, not after the reducers that follow it in a body.
  ///
  /// - Parameters:
  ///   - toValue: Reads the value to watch from the state, such as a key path `\.text`.
  ///   - reducer: Makes the reducer to run when the value changed, from its old and new values.
  /// - Returns: A reducer that runs this one, then `reducer`'s when the value changed.
  @inlinable
  public func onChange<Value: Equatable, Child: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (
        _ oldValue: Value, _ newValue: Value
      ) -> Child
  ) -> OnChangeReducer<Self, Value, Child> where Child.State == State, Child.Action == Action {
    OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// A reducer that runs another after it when a value of the state changed.
///
/// ``Reducer/onChange(of:_:)`` makes these; you do not name them.
public struct OnChangeReducer<Base: Reducer, Value: Equatable, Child: Reducer>: Reducer
where Child.State == Base.State, Child.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let reducer: (Value, Value) -> Child

  @inlinable
  init(
    base: Base, toValue: @escaping (Base.State) -> Value,
    reducer: @escaping (Value, Value) -> Child
  ) {
    self.base = base
    self.toValue = toValue
    self.reducer = reducer
  }

  /// Runs the base reducer, then, if the watched value changed, the reducer made from its old
  /// and new values, with the same action.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - action: The action.
  /// - Returns: The base reducer's effect, merged with the second reducer's when it ran.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return effect }
    return effect.merging(reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}

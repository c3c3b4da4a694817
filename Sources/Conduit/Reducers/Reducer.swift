/// Describes how a feature's state changes in response to an action, and which effects follow.
///
/// Conform by writing ``reduce(into:action:)`` for logic of your own, or ``body`` to compose
/// other reducers:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment:
///       state.count += 1
///       return .none
///     }
///   }
/// }
///
/// struct AppFeature: Reducer {
///   // …
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: Action.counter) { Counter() }
///     Reduce { state, action in … }
///   }
/// }
/// ```
///
/// Dependencies such as API clients and clocks are plain stored properties of the reducer, set
/// when the store is created; tests pass test doubles the same way.
public protocol Reducer<State, Action> {
  /// The state this reducer changes.
  associatedtype State
  /// The actions this reducer handles.
  associatedtype Action
  /// The reducer that ``body`` returns; `Never` for reducers that implement
  /// ``reduce(into:action:)`` themselves.
  associatedtype Body

  /// Changes `state` in response to `action` and returns the effect to run next.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: An effect for the store to run, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body: it implements 'reduce(into:action:)', and nothing should ask \
      for its body.
      """)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducers of ``body``.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The merged effects of the body's reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

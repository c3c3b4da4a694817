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

  /// Runs this reducer in place, as a store runs the `body` it built once (see
  /// ``Store/init(initialState:reducer:)``); not for you to implement or call.
  ///
  /// A reducer made of others reaches them where they are stored instead of copying them for
  /// the call, and may keep what it learns from one action to the next: a `Scope` keeps which
  /// case its action constructor builds. The default calls ``reduce(into:action:)``.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: An effect for the store to run, or ``Effect/none``.
  mutating func _reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order.
  ///
  /// A root store builds it once, at its first action, and runs it for every action after (see
  /// ``Store/init(initialState:reducer:)``); a child feature's body is built for each action that
  /// reaches it. Build it from the reducer's own properties only, so that when it is built does
  /// not matter.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer {
  /// Calls ``reduce(into:action:)``.
  ///
  /// - Parameters:
  ///   - state: The state to change, in place.
  ///   - action: The action to handle.
  /// - Returns: The effect `reduce(into:action:)` returns.
  @inlinable
  public mutating func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
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
    let body = self.body
    if _slowPath(BuiltBody.isProbing(Self.self)) {
      // A root store runs this reducer for the first time: it keeps this body for the next
      // actions (see ``Store/init(initialState:reducer:)``).
      let built = BuiltBody.Box(body)
      BuiltBody.offer(
        BuiltBody.Runner<State, Action> { BuiltBody.run(&built.body, into: &$0, action: $1) })
    }
    return body.reduce(into: &state, action: action)
  }
}

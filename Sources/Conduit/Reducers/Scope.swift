/// Runs a child feature's reducer on a part of the parent's state and actions.
///
/// One line joins a child to its parent, with the enum case itself as the action:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.activity, action: Action.activity) { Activity() }
///   Scope(state: \.search, action: Action.search) { Search() }
/// }
/// ```
///
/// For an action of the parent, `Scope` finds out whether it is the child's case; if so, it runs
/// the child reducer on the child state in place and embeds the child's effects back into
/// parent actions. Other actions are ignored. The case is found without macros or per-case
/// code: Conduit reads the action's case from the Swift runtime's type metadata and checks that
/// `action` builds that same case, so cases that share a payload type and labelled payloads
/// (`case child(action: Child.Action)`) are told apart correctly. `action` must be an enum case
/// of the parent action (or a closure that only wraps one, unchanged). A constructor that cannot be
/// inverted stops the program when the scope is made, with a message saying what to write
/// instead: a closure that wraps the value further (`{ .child(.presented($0)) }`), or a payload
/// Swift stores differently inside an enum (a function, a metatype of a struct): for those, pass
/// an ``AnyCasePath``.
///
/// Each `Scope` an action passes costs a few hundred instructions (about 490 when the `body`
/// holding it is rebuilt for the action, as a store does; 160 when it is built once), where a
/// hand-written `switch` costs a few; `Benchmarks/README.md` has the figures.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Where the child's state is: a part of the parent's state, or one case of an enum state.
  @usableFromInline
  enum ChildState {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case enumCase(CaseExtractor<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: ChildState
  @usableFromInline let extractor: CaseExtractor<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Creates a scope from a path to the child's state, the case of the child's actions, and the
  /// child reducer.
  ///
  /// - Parameters:
  ///   - state: The path from the parent's state to the child's state.
  ///   - action: The parent action case that carries child actions, such as `Action.search`.
  ///   - fileID: The file of the call, named in error messages.
  ///   - line: The line of the call, named in error messages.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(state)
    self.extractor = CaseExtractor(embed: action, fileID: fileID, line: line)
    self.child = child()
  }

  /// Creates a scope from a path to the child's state, a case written out by hand, and the child
  /// reducer.
  ///
  /// For the payloads that `Scope` cannot invert from a case constructor (functions, metatypes
  /// of structs and enums, and tuples or optionals of those); see ``AnyCasePath``.
  ///
  /// - Parameters:
  ///   - state: The path from the parent's state to the child's state.
  ///   - action: The parent action case that carries child actions.
  ///   - fileID: The file of the call, named in error messages.
  ///   - line: The line of the call, named in error messages.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(state)
    self.extractor = CaseExtractor(action, fileID: fileID, line: line)
    self.child = child()
  }

  /// Creates a scope that runs a child reducer on one case of an enum state.
  ///
  /// A destination enum runs each screen's reducer on its own case, with no per-case code:
  ///
  /// ```swift
  /// struct Destination: Reducer {
  ///   enum State: Equatable { case edit(Form.State), detail(Detail.State) }
  ///   enum Action { case edit(Form.Action), detail(Detail.Action) }
  ///
  ///   var body: some Reducer<State, Action> {
  ///     Scope(state: State.edit, action: Action.edit) { Form() }
  ///     Scope(state: State.detail, action: Action.detail) { Detail() }
  ///   }
  /// }
  /// ```
  ///
  /// `state` is the enum case constructor, inverted like `action`: cases that share a payload
  /// type are told apart. A child action that arrives while the state is another case is
  /// ignored, with a runtime warning (a test failure in a test store).
  ///
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child's state.
  ///   - action: The parent action case that carries child actions.
  ///   - fileID: The file of the call, named in messages.
  ///   - line: The line of the call, named in messages.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: @escaping @Sendable (ChildState) -> ParentState,
    action: @escaping @Sendable (ChildAction) -> ParentAction,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .enumCase(CaseExtractor(embed: state, fileID: fileID, line: line))
    self.extractor = CaseExtractor(embed: action, fileID: fileID, line: line)
    self.child = child()
  }

  /// Runs the child reducer when `action` is the child's case.
  ///
  /// - Parameters:
  ///   - state: The parent state; only the child's part changes.
  ///   - action: A parent action.
  /// - Returns: The child's effect, sending parent actions; ``Effect/none`` for other actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = extractor.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    switch toChildState {
    case .keyPath(let keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case .enumCase(let toCase):
      guard var childState = toCase.extract(from: state) else {
        runtimeWarning(
          """
          A "Scope" of an enum case received a child action while the state was another case: \
          \(childAction). It was ignored. This usually means an effect sent an action after the \
          state moved to another case.
          """, fileID: toCase.site.fileID, line: toCase.site.line)
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = toCase.embed(childState)
    }
    return effect.isNone ? .none : effect.map(extractor.embed)
  }
}

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
/// In a store's `body`, which the store builds once and runs in place, each `Scope` keeps the case
/// its constructor builds, learned at the first action it checks: an action of another case then
/// costs a tag comparison, and each `Scope` an action passes about 36 instructions more than a
/// hand-written `switch`. In a body built for each action (a child feature's, or a `reduce`
/// called directly) nothing is kept, and each `Scope` costs about 500; `Benchmarks/README.md` has
/// the figures. The constructor must build the same case every time, as an enum case does.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  /// Where the child's state is: a part of the parent's state, or one case of an enum state.
  @usableFromInline
  enum ChildState {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case enumCase(CaseExtractor<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: ChildState
  /// Where the child's state is stored in the parent's, as `MemoryLayout.offset(of:)` says of
  /// the key path (directly, or through the thread cache, which keys it by the key path
  /// instance it holds); nil for an enum case, or a path through a computed property.
  @usableFromInline let offset: Int?
  @usableFromInline var extractor: CaseExtractor<ParentAction, Child.Action>
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
    let site = CaseSite(fileID: fileID, line: line, api: "Scope")
    // One lookup for the action case and the child's place, which a `body` built for every
    // action (a child feature's) asks each time.
    let layout = CaseAnalysisThreadCache.layout(
      of: state, root: ParentAction.self, value: ChildAction.self, at: site)
    self.toChildState = .keyPath(state)
    self.offset = layout.offset
    self.extractor = CaseExtractor(embed: action, checkedAnalysis: layout.analysis, site: site)
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
    // Through the key path: asking it for an offset walks its components, about two hundred
    // instructions each time a body holding this scope is built, and without a case analysis
    // there is no cache entry to keep the answer in.
    self.offset = nil
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
    self.offset = nil
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
    return reduceChild(into: &state, action: childAction)
  }

  /// Runs the child reducer when `action` is the child's case, keeping which case that is.
  ///
  /// A store runs a `body` it built once this way: after the first action that calls the
  /// case constructor, telling the child's case from the others is a tag comparison, inline.
  ///
  /// - Parameters:
  ///   - state: The parent state; only the child's part changes.
  ///   - action: A parent action.
  /// - Returns: The child's effect, sending parent actions; ``Effect/none`` for other actions.
  @inlinable @inline(__always)
  public mutating func _reduce(
    into state: inout ParentState, action: ParentAction
  ) -> Effect<ParentAction> {
    // Inline, the tag comparison alone; the rest out of line, so that the reducer holding this
    // one (a `body`'s pairs) stays small.
    guard let tag = extractor.tagOnceLearned(of: action) else {
      return reduceLearning(into: &state, action: action)
    }
    if tag != extractor.builtTag { return .none }
    return reduceLearnedCase(into: &state, action: action)
  }

  /// ``_reduce(into:action:)`` before the case is learned.
  @inlinable @inline(never)
  mutating func reduceLearning(
    into state: inout ParentState, action: ParentAction
  ) -> Effect<ParentAction> {
    guard let childAction = extractor.extractLearning(from: action) else { return .none }
    return reduceChild(into: &state, action: childAction)
  }

  /// ``_reduce(into:action:)`` for an action of the learned case.
  @inlinable @inline(never)
  func reduceLearnedCase(
    into state: inout ParentState, action: ParentAction
  ) -> Effect<ParentAction> {
    guard let childAction = extractor.payloadOfLearnedCase(action) else { return .none }
    return reduceChild(into: &state, action: childAction)
  }

  /// Runs the child reducer on the child's state, in place, and embeds its effect.
  @inlinable
  func reduceChild(
    into state: inout ParentState, action childAction: Child.Action
  ) -> Effect<ParentAction> {
    let effect: Effect<Child.Action>
    if let offset {
      effect = withUnsafeMutablePointer(to: &state) { state in
        child.reduce(into: &Self.childState(at: offset, of: state).pointee, action: childAction)
      }
    } else {
      switch toChildState {
      case .keyPath(let keyPath):
        effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
      case .enumCase(let toCase):
        guard var childState = toCase.extract(from: state) else {
          runtimeWarning(
            """
            A "Scope" of an enum case received a child action while the state was another \
            case: \(childAction). It was ignored. This usually means an effect sent an action \
            after the state moved to another case.
            """, fileID: toCase.site.fileID, line: toCase.site.line)
          return .none
        }
        effect = child.reduce(into: &childState, action: childAction)
        state = toCase.embed(childState)
      }
    }
    return effect.isNone ? .none : effect.map(extractor.embed)
  }

  /// The child's state, stored at `offset` in the state `state` points to.
  ///
  /// Safe because `MemoryLayout.offset(of:)` returned `offset` for the key path of
  /// `toChildState`: the runtime found only stored properties along the path, so a value of
  /// exactly `Child.State` is stored inline there, initialized, for as long as `state` is. It
  /// answers nil for a property with `willSet` or `didSet`, so no observer is skipped: writing
  /// in place is all that a write through the key path would do.
  @inlinable
  static func childState(
    at offset: Int, of state: UnsafeMutablePointer<ParentState>
  ) -> UnsafeMutablePointer<Child.State> {
    (UnsafeMutableRawPointer(state) + offset).assumingMemoryBound(to: Child.State.self)
  }
}

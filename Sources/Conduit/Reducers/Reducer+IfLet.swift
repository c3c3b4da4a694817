extension Reducer {
  /// Runs a child reducer on optional child state while it is present.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.detail, action: Action.detail) { Detail() }
  /// }
  /// ```
  ///
  /// For a child action, the child reducer runs first, then this reducer. A child action that
  /// arrives while the state is nil is ignored, with a runtime warning (printed once per call
  /// site in debug builds). When an action makes the state nil, the child's effects are
  /// cancelled.
  ///
  /// - Parameters:
  ///   - toChild: The path to the optional child state.
  ///   - toChildAction: The action case that carries child actions, such as `Action.detail`.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child reducer while its state is present, then this one.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, toChild: toChild,
      extractor: CaseExtractor(embed: toChildAction, fileID: fileID, line: line, api: "ifLet"),
      toChildAction: toChildAction, child: child(),
      site: CallSite(fileID: fileID, line: line, column: column))
  }
}

/// A reducer that runs a child reducer on optional state while it is present, then a parent.
///
/// ``Reducer/ifLet(_:action:fileID:line:column:then:)-(_,(ChildAction)->Action,_,_,_,_)`` makes these; you do not name them.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toChild: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let extractor: CaseExtractor<Parent.Action, Child.Action>
  @usableFromInline let toChildAction: @Sendable (Child.Action) -> Parent.Action
  @usableFromInline let child: Child
  @usableFromInline let site: CallSite

  @inlinable
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    extractor: CaseExtractor<Parent.Action, Child.Action>,
    toChildAction: @escaping @Sendable (Child.Action) -> Parent.Action, child: Child,
    site: CallSite
  ) {
    self.parent = parent
    self.toChild = toChild
    self.extractor = extractor
    self.toChildAction = toChildAction
    self.child = child
    self.site = site
  }

  /// Runs the child reducer for a child action while the child state is present, then the
  /// parent reducer, and cancels the child's effects if the state became nil.
  ///
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: A parent action.
  /// - Returns: The child's effect (sending parent actions), the parent's, and a cancellation.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let wasPresent = state[keyPath: toChild] != nil
    var childEffect = Effect<Parent.Action>.none
    if let childAction = extractor.extract(from: action) {
      if wasPresent {
        let effect = child.reduce(into: &state[keyPath: toChild]!, action: childAction)
        if !effect.isNone {
          childEffect = effect.map(toChildAction).cancellable(id: ChildEffectID(site: site))
        }
      } else {
        runtimeWarning(
          """
          An "ifLet" received a child action while its state was nil: \(childAction). It was \
          ignored. This usually means an effect sent an action after the child was dismissed.
          """, fileID: site.fileID, line: site.line)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = wasPresent && state[keyPath: toChild] == nil
    return childEffect.merging(parentEffect)
      .merging(dismissed ? .cancel(id: ChildEffectID(site: site)) : .none)
  }
}

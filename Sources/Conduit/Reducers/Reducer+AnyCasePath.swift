extension Reducer {
  /// Runs a child reducer on optional child state while it is present, with the child's action
  /// case written out by hand.
  ///
  /// For the payloads that cannot be inverted from a case constructor; see ``AnyCasePath``.
  /// Otherwise the same as the `ifLet` that takes a case constructor.
  ///
  /// - Parameters:
  ///   - toChild: The path to the optional child state.
  ///   - toChildAction: The action case that carries child actions.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - child: The child reducer.
  /// - Returns: A reducer that runs the child reducer while its state is present, then this one.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where Child.State == ChildState, Child.Action == ChildAction {
    IfLetReducer(
      parent: self, toChild: toChild,
      extractor: CaseExtractor(toChildAction, fileID: fileID, line: line),
      toChildAction: toChildAction.embed, child: child(),
      site: CallSite(fileID: fileID, line: line, column: column))
  }

  /// Runs an element reducer on the elements of an ``IdentifiedArray``, with the elements'
  /// action case written out by hand.
  ///
  /// For the payloads that cannot be inverted from a case constructor; see ``AnyCasePath``.
  /// Otherwise the same as the `forEach` that takes a case constructor.
  ///
  /// - Parameters:
  ///   - toElements: The path to the array of element states.
  ///   - toElementAction: The action case that carries element actions.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - element: The element reducer.
  /// - Returns: A reducer that runs the element reducer, then this one.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, toElements: toElements, offset: MemoryLayout<State>.offset(of: toElements),
      extractor: CaseExtractor(toElementAction, fileID: fileID, line: line),
      element: element(), site: CallSite(fileID: fileID, line: line, column: column))
  }
}

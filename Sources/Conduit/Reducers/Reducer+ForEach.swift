extension Reducer {
  /// Runs an element reducer on the elements of an ``IdentifiedArray``, one row at a time.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.rows, action: Action.rows) { Row() }
  /// }
  /// ```
  ///
  /// For `.rows(.element(id:action:))`, the element reducer runs first, on that element in
  /// place, then this reducer runs. An action for an id that is not in the array is ignored,
  /// with a runtime warning (printed once per call site in debug builds). The effects of an
  /// element are cancelled when it is removed from the array.
  ///
  /// - Parameters:
  ///   - toElements: The path to the array of element states.
  ///   - toElementAction: The action case that carries element actions, such as `Action.rows`.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - element: The element reducer.
  /// - Returns: A reducer that runs the element reducer, then this one.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, toElements: toElements,
      extractor: CaseExtractor(embed: toElementAction, fileID: fileID, line: line),
      toElementAction: toElementAction, element: element(),
      site: CallSite(fileID: fileID, line: line, column: column))
  }
}

/// A reducer that runs an element reducer on one element of an array, then a parent reducer.
///
/// ``Reducer/forEach(_:action:fileID:line:column:element:)`` makes these; you do not name them.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let extractor:
    CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let toElementAction:
    @Sendable (IdentifiedAction<ID, Element.Action>) -> Parent.Action
  @usableFromInline let element: Element
  @usableFromInline let site: CallSite

  @inlinable
  init(
    parent: Parent, toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    extractor: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    toElementAction: @escaping @Sendable (IdentifiedAction<ID, Element.Action>) -> Parent.Action,
    element: Element, site: CallSite
  ) {
    self.parent = parent
    self.toElements = toElements
    self.extractor = extractor
    self.toElementAction = toElementAction
    self.element = element
    self.site = site
  }

  /// Runs the element reducer for an element action, then the parent reducer, and cancels the
  /// effects of elements the action removed.
  ///
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: A parent action.
  /// - Returns: The element's effect (sending parent actions), the parent's, and cancellations.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let before = state[keyPath: toElements].version
    let elementEffect = reduceElement(into: &state, action: action)
    let parentEffect = parent.reduce(into: &state, action: action)
    return elementEffect.merging(parentEffect)
      .merging(cancelRemovedElements(in: state, since: before))
  }

  @inlinable
  func reduceElement(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = extractor.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElements].contains(id: id) else {
      runtimeWarning(
        """
        A "forEach" received an action for an element that is not in the array (id: \(id)): \
        \(elementAction). It was ignored. This usually means an effect sent an action after its \
        row was removed, or a view kept a row store after the row went away.
        """, fileID: site.fileID, line: site.line)
      return .none
    }
    let effect = element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
    guard !effect.isNone else { return .none }
    let toElementAction = self.toElementAction
    return effect.map { toElementAction(.element(id: id, action: $0)) }
      .cancellable(id: ElementEffectID(site: site, id: id))
  }

  @inlinable
  func cancelRemovedElements(
    in state: Parent.State, since before: ChangeLog<ID>.Version
  ) -> Effect<Parent.Action> {
    let elements = state[keyPath: toElements]
    guard elements.version != before else { return .none }
    let site = self.site
    if let changes = elements.changes(since: before) {
      var cancellations = Effect<Parent.Action>.none
      var isComplete = true
      changes.forEach { change in
        switch change {
        case .removed(let id, _) where !elements.contains(id: id):
          cancellations = cancellations.merging(.cancel(id: ElementEffectID(site: site, id: id)))
        case .reset:
          isComplete = false
        case .updated, .inserted, .removed, .reordered:
          break
        }
      }
      if isComplete { return cancellations }
    }
    // The array was replaced, copied, or changed more than its log remembers: cancel the effects
    // of every element of this call site that is no longer present.
    let ids = elements.ids
    let table = elements.table
    return Effect(
      operation: .cancelMatching { effectID in
        guard let element = effectID.base as? ElementEffectID<ID> else { return false }
        return element.site == site && table.offset(of: element.id, in: ids) == nil
      })
  }
}

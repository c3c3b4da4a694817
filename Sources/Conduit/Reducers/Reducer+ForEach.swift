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
    let caseSite = CaseSite(fileID: fileID, line: line, api: "forEach")
    // One lookup for the action case and the array's place, which a `body` built for every
    // action (a child feature's) asks each time.
    let layout = CaseAnalysisThreadCache.layout(
      of: toElements, root: Action.self, value: IdentifiedAction<ID, ElementAction>.self,
      at: caseSite)
    return ForEachReducer(
      parent: self, toElements: toElements, offset: layout.offset,
      extractor: CaseExtractor(
        embed: toElementAction, checkedAnalysis: layout.analysis, site: caseSite),
      element: element(), site: CallSite(fileID: fileID, line: line, column: column))
  }
}

/// A reducer that runs an element reducer on one element of an array, then a parent reducer.
///
/// ``Reducer/forEach(_:action:fileID:line:column:element:)-(_,(IdentifiedAction<ID,ElementAction>)->Action,_,_,_,_)`` makes these; you do not name them.
///
/// It runs on every action of its parent, and a `body` built for each action (a child
/// feature's) builds it anew for each one, so it keeps few fields (each is copied and released
/// per action) and reaches the array in place: a key-path read of the array would copy it, at a
/// cost greater than the rest of this reducer.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline var parent: Parent
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  /// Where the array is stored in the state, as `MemoryLayout.offset(of: toElements)` says:
  /// nil unless the path is made of stored properties.
  @usableFromInline let offset: Int?
  /// Also the embedding of element actions, as `extractor.embed`.
  @usableFromInline var extractor:
    CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  @usableFromInline let site: CallSite

  @inlinable
  init(
    parent: Parent, toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    offset: Int?, extractor: CaseExtractor<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element, site: CallSite
  ) {
    self.parent = parent
    self.toElements = toElements
    self.offset = offset
    self.extractor = extractor
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
  @inlinable @inline(__always)
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let before = version(in: &state, offset: offset)
    // Most actions are not element actions: deciding that is a tag read, inline.
    let effect: Effect<Parent.Action>
    if case .element(let id, let elementAction)? = extractor.extract(from: action) {
      let elementEffect = reduceElement(into: &state, id: id, action: elementAction)
      effect = elementEffect.merging(parent.reduce(into: &state, action: action))
    } else {
      effect = parent.reduce(into: &state, action: action)
    }
    if version(in: &state, offset: offset) == before { return effect }
    return effect.merging(cancelRemovedElements(in: &state, since: before))
  }

  /// ``reduce(into:action:)`` in place, as a store runs a `body` it built once: the parent
  /// reducer runs where it is stored, and the action case is told by its tag once learned
  /// (see ``Reducer/_reduce(into:action:)``).
  ///
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: A parent action.
  /// - Returns: The element's effect (sending parent actions), the parent's, and cancellations.
  @inlinable @inline(__always)
  public mutating func _reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let before = version(in: &state, offset: offset)
    // Apart, so that learning (a change of `self`) is done before `self` is lent to the call.
    let elementAction = extractor.extractLearning(from: action)
    let effect: Effect<Parent.Action>
    if case .element(let id, let elementAction)? = elementAction {
      let elementEffect = reduceElement(into: &state, id: id, action: elementAction)
      effect = elementEffect.merging(parent._reduce(into: &state, action: action))
    } else {
      // No element effect to merge: the parent's is the effect, not copied.
      effect = parent._reduce(into: &state, action: action)
    }
    // Returned here, not through a function: a function's parameter would be copied out.
    if version(in: &state, offset: offset) == before { return effect }
    return effect.merging(cancelRemovedElements(in: &state, since: before))
  }

  /// The array's version, read in place when the array is a stored property at `offset`.
  @inlinable @inline(__always)
  func version(in state: inout Parent.State, offset: Int?) -> ChangeLog<ID>.Version {
    guard let offset else { return state[keyPath: toElements].version }
    return withUnsafeMutablePointer(to: &state) { state in
      Self.elements(at: offset, of: state).pointee.version
    }
  }

  /// The array stored at `offset` in the state `state` points to.
  ///
  /// Safe because `MemoryLayout.offset(of:)` returned `offset` for `toElements` (directly, or
  /// through the thread cache, which keys it by the key path instance it holds): the runtime
  /// found only stored properties along the path, so an array of exactly this type is stored
  /// inline there, initialized, for as long as `state` is.
  @inlinable
  static func elements(
    at offset: Int, of state: UnsafeMutablePointer<Parent.State>
  ) -> UnsafeMutablePointer<IdentifiedArray<ID, Element.State>> {
    (UnsafeMutableRawPointer(state) + offset)
      .assumingMemoryBound(to: IdentifiedArray<ID, Element.State>.self)
  }

  /// Runs the element reducer for the element `id`, with a warning when there is none.
  @inlinable
  func reduceElement(
    into state: inout Parent.State, id: ID, action elementAction: Element.Action
  ) -> Effect<Parent.Action> {
    let effect: Effect<Element.Action>?
    if let offset {
      effect = withUnsafeMutablePointer(to: &state) { state in
        runElement(in: &Self.elements(at: offset, of: state).pointee, id: id, action: elementAction)
      }
    } else {
      effect = runElement(in: &state[keyPath: toElements], id: id, action: elementAction)
    }
    guard let effect else {
      runtimeWarning(
        """
        A "forEach" received an action for an element that is not in the array (id: \(id)): \
        \(elementAction). It was ignored. This usually means an effect sent an action after its \
        row was removed, or a view kept a row store after the row went away.
        """, fileID: site.fileID, line: site.line)
      return .none
    }
    guard !effect.isNone else { return .none }
    let embed = extractor.embed
    return effect.map { embed(.element(id: id, action: $0)) }
      .cancellable(id: ElementEffectID(site: site, id: id))
  }

  /// Runs the element reducer on the element `id` of `elements`, in place; nil when there is no
  /// such element.
  @inlinable
  func runElement(
    in elements: inout IdentifiedArray<ID, Element.State>, id: ID, action: Element.Action
  ) -> Effect<Element.Action>? {
    guard let offset = elements.index(id: id) else { return nil }
    return element.reduce(into: &elements[offset], action: action)
  }

  @inlinable
  func cancelRemovedElements(
    in state: inout Parent.State, since before: ChangeLog<ID>.Version
  ) -> Effect<Parent.Action> {
    // In place when the array is at `offset`: after every edit of a row, a key-path read would
    // copy the array and look up generic metadata, several hundred instructions.
    let site = self.site
    guard let offset else {
      return withUnsafePointer(to: state[keyPath: toElements]) { elements in
        Self.cancelRemovedElements(in: elements, since: before, site: site)
      }
    }
    return withUnsafeMutablePointer(to: &state) { state in
      Self.cancelRemovedElements(
        in: Self.elements(at: offset, of: state), since: before, site: site)
    }
  }

  /// Reads the array through a pointer, valid for the call: a value parameter would copy the
  /// array, its buffers retained and released.
  @inlinable
  static func cancelRemovedElements(
    in pointer: UnsafePointer<IdentifiedArray<ID, Element.State>>,
    since before: ChangeLog<ID>.Version, site: CallSite
  ) -> Effect<Parent.Action> {
    guard pointer.pointee.version != before else { return .none }
    if let changes = pointer.pointee.changes(since: before) {
      var cancellations = Effect<Parent.Action>.none
      var isComplete = true
      changes.forEach { change in
        switch change {
        case .removed(let id, _) where !pointer.pointee.contains(id: id):
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
    let ids = pointer.pointee.ids
    let table = pointer.pointee.table
    return Effect(
      operation: .cancelMatching { effectID in
        guard let element = effectID.base as? ElementEffectID<ID> else { return false }
        return element.site == site && table.offset(of: element.id, in: ids) == nil
      })
  }
}

extension Reducer {
  /// Runs the reducer of each screen on a navigation stack, pushes and pops screens, and cancels
  /// the effects of popped screens.
  ///
  /// ```swift
  /// struct State: Equatable {
  ///   var path = StackState<Path.State>()
  /// }
  /// enum Action {
  ///   case path(StackActionOf<Path>)
  /// }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: Action.path) { Path() }
  /// }
  /// ```
  ///
  /// - `.path(.element(id:action:))` runs the screen's reducer on that screen first, then this
  ///   reducer. For a screen that is not on the stack, it is ignored with a runtime warning (a
  ///   test failure in a test store).
  /// - `.path(.push(id:state:))` pushes the screen, then runs this reducer; an id already on the
  ///   stack is refused with a warning.
  /// - `.path(.popFrom(id:))` runs this reducer first, so it can read the screens one last
  ///   time, then pops the screen and everything above it.
  /// - The effects of every screen that leaves the stack, however it leaves, are cancelled.
  /// - A screen dismisses itself by returning ``Effect/dismiss`` or calling
  ///   ``Send/dismiss(fileID:line:)``; this reducer turns either into `.popFrom(id:)` of that
  ///   screen.
  ///
  /// - Parameters:
  ///   - toStack: The path to the stack's state.
  ///   - toStackAction: The action case that carries stack actions, such as `Action.path`.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - destination: The reducer of the screens.
  /// - Returns: A reducer that runs the screens' reducer and this one.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction:
      @escaping @Sendable (StackAction<DestinationState, DestinationAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    StackReducer(
      base: self, toStack: toStack,
      extractor: CaseExtractor(
        embed: toStackAction, fileID: fileID, line: line, api: "forEach"),
      toStackAction: toStackAction, destination: destination(),
      site: CallSite(fileID: fileID, line: line, column: column))
  }
}

/// The cancellation identifier of the effects of one screen of a stack.
@usableFromInline
struct StackEffectID: Hashable, Sendable {
  @usableFromInline let site: CallSite
  @usableFromInline let id: StackElementID

  @inlinable
  init(site: CallSite, id: StackElementID) {
    self.site = site
    self.id = id
  }
}

/// A reducer that runs the screens of a navigation stack, then a parent reducer.
///
/// ``Reducer/forEach(_:action:fileID:line:column:destination:)`` makes these; you do not name
/// them.
public struct StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toStack: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let extractor:
    CaseExtractor<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let toStackAction:
    @Sendable (StackAction<Destination.State, Destination.Action>) -> Base.Action
  @usableFromInline let destination: Destination
  @usableFromInline let site: CallSite

  @inlinable
  init(
    base: Base, toStack: WritableKeyPath<Base.State, StackState<Destination.State>>,
    extractor: CaseExtractor<Base.Action, StackAction<Destination.State, Destination.Action>>,
    toStackAction:
      @escaping @Sendable (StackAction<Destination.State, Destination.Action>) ->
      Base.Action,
    destination: Destination, site: CallSite
  ) {
    self.base = base
    self.toStack = toStack
    self.extractor = extractor
    self.toStackAction = toStackAction
    self.destination = destination
    self.site = site
  }

  /// Runs the screen, push or pop an action is for, then the parent, and cancels the effects of
  /// the screens that left the stack.
  ///
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: A parent action.
  /// - Returns: The screen's effects (sending parent actions), the parent's, and cancellations.
  @inlinable
  public func reduce(
    into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    let before = state[keyPath: toStack].components.version
    let idsBefore = state[keyPath: toStack].ids
    var destinationEffect = Effect<Base.Action>.none
    let baseEffect: Effect<Base.Action>
    switch extractor.extract(from: action) {
    case .element(let id, let destinationAction)?:
      if state[keyPath: toStack][id: id] != nil {
        let effect = destination.reduce(
          into: &state[keyPath: toStack][id: id]!, action: destinationAction)
        if !effect.isNone {
          let embed = toStackAction
          destinationEffect =
            effect
            .map { embed(.element(id: id, action: $0)) }
            .resolvingDismiss { embed(.popFrom(id: id)) }
            .cancellable(id: StackEffectID(site: site, id: id))
        }
      } else {
        warn(
          """
          A stack "forEach" received an action for a screen that is not on the stack (id: \
          \(id)): \(destinationAction). It was ignored. This usually means an effect sent an \
          action after its screen was popped.
          """)
      }
      baseEffect = base.reduce(into: &state, action: action)
    case .push(let id, let element)?:
      if state[keyPath: toStack][id: id] != nil {
        warn(
          """
          A stack "forEach" received a push of a screen whose id is already on the stack (id: \
          \(id)). It was ignored; push with the stack's next id.
          """)
      } else {
        state[keyPath: toStack].push(element, id: id)
      }
      baseEffect = base.reduce(into: &state, action: action)
    case .popFrom(let id)?:
      baseEffect = base.reduce(into: &state, action: action)
      if state[keyPath: toStack][id: id] != nil {
        state[keyPath: toStack].pop(from: id)
      } else {
        warn(
          """
          A stack "forEach" received a pop of a screen that is not on the stack (id: \(id)). \
          It was ignored.
          """)
      }
    case nil:
      baseEffect = base.reduce(into: &state, action: action)
    }
    let effect = destinationEffect.merging(baseEffect)
    let after = state[keyPath: toStack]
    guard after.components.version != before,
      Self.mayHaveRemoved(after.components.changes(since: before))
    else { return effect }
    // Screens that left the stack have nothing left to show their effects' results on.
    let site = self.site
    let cancellations = idsBefore.lazy.filter { after[id: $0] == nil }
      .map { Effect<Base.Action>.cancel(id: StackEffectID(site: site, id: $0)) }
    return effect.merging(.merge(cancellations))
  }

  /// Whether the changes since a version may have removed a screen: a screen's own edit, the
  /// most common action of a stack, must not cost a look at every screen.
  @usableFromInline
  static func mayHaveRemoved(_ changes: ChangeLog<StackElementID>.Changes?) -> Bool {
    guard let changes else { return true }
    for change in changes {
      switch change {
      case .updated, .inserted: continue
      case .removed, .reordered, .reset: return true
      }
    }
    return false
  }

  @usableFromInline
  func warn(_ message: String) {
    runtimeWarning(message, fileID: site.fileID, line: site.line)
  }
}

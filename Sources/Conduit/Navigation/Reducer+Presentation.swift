extension Reducer {
  /// Runs a presented feature's reducer while it is presented, dismisses it, and cancels its
  /// effects when it goes away.
  ///
  /// ```swift
  /// struct State: Equatable {
  ///   @Presents var destination: Destination.State?
  /// }
  /// enum Action {
  ///   case destination(PresentationAction<Destination.Action>)
  /// }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// }
  /// ```
  ///
  /// - `.destination(.presented(action))` runs the child reducer on the presented state first,
  ///   then this reducer. Sent while nothing is presented, it is ignored with a runtime warning
  ///   (a test failure in a test store).
  /// - `.destination(.dismiss)` runs this reducer first, so it can read the state one last time,
  ///   then sets the state to nil.
  /// - Whenever the presentation ends (dismissed, set to nil, or replaced by a new
  ///   presentation), the effects the child started are cancelled.
  /// - The child dismisses itself by returning ``Effect/dismiss`` or calling
  ///   ``Send/dismiss(fileID:line:)`` in an effect; this reducer turns either into
  ///   `.destination(.dismiss)`.
  /// - An alert or a confirmation dialog (an ``EphemeralState``, alone or as a case of an enum
  ///   destination) is dismissed by any action it sends, before this reducer sees the action.
  ///
  /// - Parameters:
  ///   - toPresentationState: The path to the presentation state, `\.$destination`.
  ///   - toPresentationAction: The action case that carries presentation actions.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  ///   - destination: The presented feature's reducer.
  /// - Returns: A reducer that runs the presented feature and this reducer.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction:
      @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination
  ) -> PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    PresentationReducer(
      base: self, toPresentationState: toPresentationState,
      extractor: CaseExtractor(
        embed: toPresentationAction, fileID: fileID, line: line, api: "ifLet"),
      toPresentationAction: toPresentationAction, destination: destination(),
      site: CallSite(fileID: fileID, line: line, column: column))
  }

  /// Presents an alert or a confirmation dialog, which has no reducer of its own.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .deleteTapped:
  ///     state.alert = AlertState { TextState("Delete?") } actions: {
  ///       ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
  ///     }
  ///     return .none
  ///   case .alert(.presented(.confirmDelete)):
  ///     // `state.alert` is already nil here.
  ///     …
  ///   }
  /// }
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  ///
  /// Choosing a button sends `.alert(.presented(action))`; the alert's state is cleared before
  /// this reducer runs, so no feature has to nil it by hand. A button without an action, or the
  /// system dismissing the alert, sends `.alert(.dismiss)`.
  ///
  /// - Parameters:
  ///   - toPresentationState: The path to the presentation state, `\.$alert`.
  ///   - toPresentationAction: The action case that carries the alert's actions.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  ///   - column: The column of the call, which with the file and line tells call sites apart.
  /// - Returns: A reducer that presents and dismisses the alert, and runs this reducer.
  @inlinable
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction:
      @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, fileID: fileID, line: line,
      column: column
    ) {
      EmptyReducer()
    }
  }
}

/// State that any of its actions dismisses: alerts and confirmation dialogs.
///
/// ``AlertState`` and ``ConfirmationDialogState`` conform. A presentation reducer clears such a
/// state as soon as it sends an action, before the parent reduces the action, whether it is
/// presented alone (`@Presents var alert: AlertState<Action.Alert>?`) or as a case of an enum
/// destination.
public protocol EphemeralState {}

extension AlertState: EphemeralState {}
extension ConfirmationDialogState: EphemeralState {}

/// Whether `state` is dismissed by its own actions: ephemeral itself, or an enum whose case
/// carries ephemeral state.
@usableFromInline
func isEphemeral(_ state: Any) -> Bool {
  if state is any EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any EphemeralState
}

/// The cancellation identifier of the effects of one presentation.
@usableFromInline
struct PresentationEffectID: Hashable, Sendable {
  @usableFromInline let site: CallSite
  @usableFromInline let presentation: PresentationID

  @inlinable
  init(site: CallSite, presentation: PresentationID) {
    self.site = site
    self.presentation = presentation
  }
}

/// A reducer that runs a presented feature while it is presented, then a parent reducer.
///
/// ``Reducer/ifLet(_:action:fileID:line:column:destination:)`` makes these; you do not name
/// them.
public struct PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toPresentationState:
    WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let extractor:
    CaseExtractor<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let toPresentationAction:
    @Sendable (PresentationAction<Destination.Action>) -> Base.Action
  @usableFromInline let destination: Destination
  @usableFromInline let site: CallSite

  @inlinable
  init(
    base: Base,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    extractor: CaseExtractor<Base.Action, PresentationAction<Destination.Action>>,
    toPresentationAction:
      @escaping @Sendable (PresentationAction<Destination.Action>) ->
      Base.Action,
    destination: Destination, site: CallSite
  ) {
    self.base = base
    self.toPresentationState = toPresentationState
    self.extractor = extractor
    self.toPresentationAction = toPresentationAction
    self.destination = destination
    self.site = site
  }

  /// Runs the presented feature for its actions, dismisses it for `.dismiss`, runs the parent,
  /// and cancels the effects of a presentation that ended.
  ///
  /// - Parameters:
  ///   - state: The parent state.
  ///   - action: A parent action.
  /// - Returns: The child's effects (sending parent actions), the parent's, and cancellations.
  @inlinable
  public func reduce(
    into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    let presented = state[keyPath: toPresentationState].id
    var destinationEffect = Effect<Base.Action>.none
    let baseEffect: Effect<Base.Action>
    switch (presented, extractor.extract(from: action)) {
    case (let presented?, .dismiss?):
      baseEffect = base.reduce(into: &state, action: action)
      // Unless the parent already replaced it with a new presentation.
      if state[keyPath: toPresentationState].id == presented {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (let presented?, .presented(let destinationAction)?):
      let wasEphemeral = isEphemeral(state[keyPath: toPresentationState].wrappedValue!)
      let effect = destination.reduce(
        into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction)
      if !effect.isNone {
        let embed = toPresentationAction
        destinationEffect =
          effect
          .map { embed(.presented($0)) }
          .resolvingDismiss { embed(.dismiss) }
          .cancellable(id: PresentationEffectID(site: site, presentation: presented))
      }
      if wasEphemeral, state[keyPath: toPresentationState].id == presented {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
      baseEffect = base.reduce(into: &state, action: action)
    case (nil, let presentationAction?):
      runtimeWarning(
        """
        An "ifLet" received a presentation action while nothing was presented: \
        \(presentationAction). It was ignored. This usually means an effect sent an action after \
        its feature was dismissed, or a view kept a dismissed child's store.
        """, fileID: site.fileID, line: site.line)
      baseEffect = base.reduce(into: &state, action: action)
    case (_, nil):
      baseEffect = base.reduce(into: &state, action: action)
    }
    guard let presented, state[keyPath: toPresentationState].id != presented else {
      return destinationEffect.merging(baseEffect)
    }
    // The presentation ended (or was replaced): its effects have nothing left to present.
    return destinationEffect.merging(baseEffect)
      .merging(.cancel(id: PresentationEffectID(site: site, presentation: presented)))
  }
}

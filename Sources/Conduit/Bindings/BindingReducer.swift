/// A reducer that applies a feature's binding actions: it sets the field each one names.
///
/// Put it in the feature's body, before the reducers that react to the new values:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///     .onChange(of: \.text) { _, text in
///       Reduce { state, _ in
///         state.isDirty = text != state.savedText
///         return .none
///       }
///     }
///   Reduce { state, action in … }
/// }
/// ```
///
/// Other actions pass through untouched. The `binding` case is found in the action without
/// macros, by inverting the enum case ``BindableAction/binding(_:)`` as ``Scope`` does; it must
/// be a case of the action enum.
public struct BindingReducer<State, Action: BindableAction>: Reducer
where Action.State == State {
  @usableFromInline let extractor: CaseExtractor<Action, BindingAction<State>>

  /// Creates a reducer that applies binding actions.
  ///
  /// - Parameters:
  ///   - fileID: The file of the call, named if the action is not an enum.
  ///   - line: The line of the call, named if the action is not an enum.
  @inlinable
  public init(fileID: StaticString = #fileID, line: UInt = #line) {
    self.extractor = CaseExtractor(
      embed: sendableCase(Action.binding), fileID: fileID, line: line)
  }

  /// Sets the field a binding action names; does nothing for other actions.
  ///
  /// - Parameters:
  ///   - state: The feature's state.
  ///   - action: An action of the feature.
  /// - Returns: ``Effect/none``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    extractor.extract(from: action)?.apply(to: &state)
    return .none
  }
}

/// An enum case constructor such as `Action.binding`, as the `@Sendable` function a
/// ``CaseExtractor`` keeps.
///
/// A closure formed in a context generic over `Action: BindableAction` captures `Action`'s
/// metatype, which the compiler cannot prove `Sendable`: the conformance might be isolated to
/// an actor. Forming the closure here, where nothing is known of the types, avoids that, and
/// is safe: a case constructor only builds a value, and the extractor calls it only inside
/// `reduce`, where the conformance is in use anyway.
@usableFromInline
func sendableCase<Payload, Root>(
  _ embed: @escaping (Payload) -> Root
) -> @Sendable (Payload) -> Root {
  nonisolated(unsafe) let embed = embed
  return { embed($0) }
}

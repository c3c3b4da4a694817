// The Composable Architecture names a child's actions with a case key path, `action: \.child`,
// which its `@CasePathable` macro makes possible. Conduit has no macros and takes the enum case
// itself, `action: Action.child`. Without the overloads below, `\.child` fails with "key path
// cannot refer to enum case" or "cannot infer key path type from context", which does not say
// what to write instead. Each overload takes a key path whose root, `CaseKeyPathRoot`, accepts
// any member name, so `\.child` (and `\.child.grandchild`) type-checks against it alone; it is
// then chosen, and its unavailability message is the error the user sees.

/// The root of the key paths that Conduit's diagnostics for `action: \.child` accept; never
/// used at run time.
///
/// The Composable Architecture names a child's actions with a case key path; Conduit takes the
/// enum case itself. An `action: \.child` argument type-checks against this type only, so the
/// compiler picks an unavailable overload whose message says what to write instead:
///
/// ```swift
/// Scope(state: \.search, action: \.search) { Search() }
/// // error: Conduit takes the enum case itself: write 'action: Action.search', not '\.search'
/// Scope(state: \.search, action: Action.search) { Search() }
/// ```
@dynamicMemberLookup
public enum CaseKeyPathRoot<Root> {
  /// Any member, so that a key path of any case name type-checks.
  ///
  /// - Parameter name: The member's name.
  /// - Returns: Never returns: no value of this type exists.
  public subscript(dynamicMember name: String) -> Self {
    switch self {}
  }
}

extension Scope {
  /// Unavailable: pass the enum case, `action: Action.child`, rather than a case key path.
  ///
  /// - Parameters:
  ///   - state: The path from the parent's state to the child's state.
  ///   - action: A case key path, which Conduit does not take.
  ///   - child: The child reducer.
  @available(
    *, unavailable,
    message: "Conduit takes the enum case itself: write 'action: Action.child', not '\\.child'"
  )
  public init<ChildState, ChildAction, Member>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<CaseKeyPathRoot<ParentAction>, Member>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    fatalError("unavailable")
  }
}

extension Reducer {
  /// Unavailable: pass the enum case, `action: Action.child`, rather than a case key path.
  ///
  /// - Parameters:
  ///   - toChild: The path to the optional child state.
  ///   - toChildAction: A case key path, which Conduit does not take.
  ///   - child: The child reducer.
  /// - Returns: Never returns.
  @available(
    *, unavailable,
    message: "Conduit takes the enum case itself: write 'action: Action.child', not '\\.child'"
  )
  public func ifLet<ChildState, ChildAction, Member, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CaseKeyPathRoot<Action>, Member>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> Self where Child.State == ChildState, Child.Action == ChildAction {
    fatalError("unavailable")
  }

  /// Unavailable: pass the enum case, `action: Action.rows`, rather than a case key path.
  ///
  /// - Parameters:
  ///   - toElements: The path to the array of element states.
  ///   - toElementAction: A case key path, which Conduit does not take.
  ///   - element: The element reducer.
  /// - Returns: Never returns.
  @available(
    *, unavailable,
    message: "Conduit takes the enum case itself: write 'action: Action.rows', not '\\.rows'"
  )
  public func forEach<ID: Hashable, ElementState, ElementAction, Member, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<CaseKeyPathRoot<Action>, Member>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> Self where Element.State == ElementState, Element.Action == ElementAction {
    fatalError("unavailable")
  }
}

extension Store {
  /// Unavailable: pass the enum case, `action: Action.child`, rather than a case key path.
  ///
  /// - Parameters:
  ///   - state: The path to the child's state.
  ///   - action: A case key path, which Conduit does not take.
  /// - Returns: Never returns.
  @available(
    *, unavailable,
    message: "Conduit takes the enum case itself: write 'action: Action.child', not '\\.child'"
  )
  public func scope<ChildState, Member>(
    state: KeyPath<State, ChildState>,
    action: KeyPath<CaseKeyPathRoot<Action>, Member>
  ) -> Store<ChildState, Never> {
    fatalError("unavailable")
  }
}

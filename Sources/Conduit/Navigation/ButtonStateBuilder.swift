/// Builds the buttons of an alert or a confirmation dialog from a list of ``ButtonState``s.
///
/// It is what makes the `actions:` closure of ``AlertState`` and ``ConfirmationDialogState`` a
/// list, with `if`, `if let`, `switch` and `for` as in other result builders:
///
/// ```swift
/// AlertState {
///   TextState("Remove \(show.title)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmRemove) { TextState("Remove") }
///   if show.isFavorite {
///     ButtonState(action: .unfavorite) { TextState("Keep, but unfavorite") }
///   }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// One button of the list.
  ///
  /// - Parameter button: The button.
  /// - Returns: A list of that button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// Buttons made elsewhere, spliced into the list in order.
  ///
  /// - Parameter buttons: The buttons.
  /// - Returns: The same buttons.
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of a closure, in order.
  ///
  /// - Parameter components: The buttons of each statement.
  /// - Returns: All of them, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons inside an `if` without `else`.
  ///
  /// - Parameter component: The buttons, or nil when the condition was false.
  /// - Returns: The buttons, or none.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the first branch of an `if`–`else` or `switch`.
  ///
  /// - Parameter component: The branch's buttons.
  /// - Returns: The same buttons.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the second branch of an `if`–`else` or `switch`.
  ///
  /// - Parameter component: The branch's buttons.
  /// - Returns: The same buttons.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of a `for` loop.
  ///
  /// - Parameter components: The buttons of each iteration.
  /// - Returns: All of them, in order.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons inside `if #available`.
  ///
  /// - Parameter component: The buttons.
  /// - Returns: The same buttons.
  public static func buildLimitedAvailability(
    _ component: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    component
  }
}

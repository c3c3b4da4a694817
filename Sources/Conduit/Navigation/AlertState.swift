/// An alert as a plain value in a feature's state: a title, an optional message and the
/// buttons, each with the action it sends.
///
/// A reducer decides what the alert says and what its buttons do; a view only draws it, and a
/// test compares it like any other state:
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete \(show.title)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDelete) {
///     TextState("Delete")
///   }
///   ButtonState(role: .cancel) {
///     TextState("Cancel")
///   }
/// } message: {
///   TextState("Its watched episodes are forgotten too.")
/// }
/// ```
///
/// The API follows swift-navigation's `AlertState`, so an alert written for the Composable
/// Architecture reads the same here. Conduit's carries plain text only (see ``TextState``) and
/// has no identity of its own: two alerts that read the same and send the same actions are
/// equal, and each presentation's identity comes from the state that presents it.
///
/// A renderer shows ``title``, ``message`` and one control per button, in order. An alert
/// without buttons gets a single "OK" button that only dismisses; one without a
/// ``cancelButton`` is dismissed only by choosing a button. Choosing any button dismisses the
/// alert.
///
/// It is `Equatable`, `Hashable` and `Sendable` when `Action` is. Test failures describe it
/// field by field, as
/// `AlertState(title: "Delete Breakwater?", message: nil, buttons: [ButtonState(…), …])`.
public struct AlertState<Action> {
  /// The alert's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  ///
  /// ```swift
  /// AlertState {
  ///   TextState("Could not load the catalog")
  /// } actions: {
  ///   ButtonState(action: .retry) { TextState("Try Again") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// } message: {
  ///   TextState("Check your connection.")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - actions: The buttons, in order; none by default, in which case a renderer shows a
  ///     single "OK" that only dismisses.
  ///   - message: The text under the title; none by default.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }

  init(title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The button with the ``ButtonStateRole/cancel`` role, if there is one.
  ///
  /// ```swift
  /// alert.cancelButton?.label  // "Cancel"
  /// ```
  ///
  /// A renderer uses it for what dismisses the alert without choosing (Escape, a tap
  /// outside). If several buttons have the role, it is the first.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The same alert, with its buttons sending another type of action.
  ///
  /// A parent that shows a child feature's alert embeds its actions this way:
  ///
  /// ```swift
  /// let alert: AlertState<Parent.Action> = child.alert.map { $0.map(Parent.Action.child) }
  /// ```
  ///
  /// - Parameter transform: Turns each button's action, or nil, into the new action, or nil.
  /// - Returns: An alert with the same text and buttons.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomReflectable, DescribedWithoutGenericArguments {
  /// The title, the message and the buttons, in the order a reader meets them.
  public var customMirror: Mirror {
    Mirror(
      self, children: [("title", title), ("message", message as Any), ("buttons", buttons)],
      displayStyle: .struct)
  }
}

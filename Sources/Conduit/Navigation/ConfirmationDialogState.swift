/// A confirmation dialog (an action sheet) as a plain value in a feature's state: a title,
/// whether to show it, an optional message and the buttons, each with the action it sends.
///
/// ```swift
/// state.confirmation = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Un-watch \(episode.title)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmUnwatch(episode.id)) {
///     TextState("Un-watch")
///   }
///   ButtonState(role: .cancel) {
///     TextState("Keep")
///   }
/// }
/// ```
///
/// The API follows swift-navigation's `ConfirmationDialogState`, plain text only (see
/// ``TextState``) and without an identity of its own, as ``AlertState``. A renderer shows the
/// title as ``titleVisibility`` asks, then ``message`` and one control per button; the
/// ``cancelButton`` is what dismissing the dialog without choosing means. Choosing any button
/// dismisses the dialog.
///
/// It is `Equatable`, `Hashable` and `Sendable` when `Action` is. Unlike swift-navigation's,
/// its `==` compares ``titleVisibility`` too: it changes what is drawn.
public struct ConfirmationDialogState<Action> {
  /// The dialog's title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in the order they are shown.
  public var buttons: [ButtonState<Action>]

  /// Creates a confirmation dialog whose title the renderer shows or hides as it sees fit.
  ///
  /// ```swift
  /// ConfirmationDialogState {
  ///   TextState("Sort by")
  /// } actions: {
  ///   ButtonState(action: .sort(.title)) { TextState("Title") }
  ///   ButtonState(action: .sort(.date)) { TextState("Date") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The dialog's title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The text under the title; none by default.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(titleVisibility: .automatic, title: title, actions: actions, message: message)
  }

  /// Creates a confirmation dialog that shows or hides its title.
  ///
  /// ```swift
  /// ConfirmationDialogState(titleVisibility: .visible) {
  ///   TextState("Un-watch this episode?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .confirmUnwatch) { TextState("Un-watch") }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The dialog's title.
  ///   - actions: The buttons, in order; none by default.
  ///   - message: The text under the title; none by default.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      title: title(), titleVisibility: titleVisibility, message: message?(), buttons: actions())
  }

  init(
    title: TextState, titleVisibility: ConfirmationDialogStateTitleVisibility,
    message: TextState?, buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }

  /// The button with the ``ButtonStateRole/cancel`` role, if there is one.
  ///
  /// ```swift
  /// dialog.cancelButton?.label  // "Keep"
  /// ```
  ///
  /// A renderer uses it for what dismisses the dialog without choosing (Escape, a tap
  /// outside). If several buttons have the role, it is the first.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The same dialog, with its buttons sending another type of action.
  ///
  /// ```swift
  /// let dialog = child.dialog.map { $0.map(Parent.Action.child) }
  /// ```
  ///
  /// - Parameter transform: Turns each button's action, or nil, into the new action, or nil.
  /// - Returns: A dialog with the same text and buttons.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      title: title, titleVisibility: titleVisibility, message: message,
      buttons: buttons.map { $0.map(transform) })
  }
}

/// Whether a confirmation dialog shows its title.
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) { TextState("Un-watch?") }
/// ```
///
/// The cases are SwiftUI's `Visibility`, which the name follows swift-navigation in spelling
/// out.
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The renderer decides, by platform and context.
  case automatic
  /// The title is not shown.
  case hidden
  /// The title is shown.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomReflectable, DescribedWithoutGenericArguments {
  /// The title and its visibility, the message and the buttons, in the order a reader meets
  /// them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        ("title", title), ("titleVisibility", titleVisibility), ("message", message as Any),
        ("buttons", buttons),
      ],
      displayStyle: .struct)
  }
}

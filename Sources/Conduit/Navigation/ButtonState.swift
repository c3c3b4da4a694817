/// A button of an alert or a confirmation dialog, as a plain value: its label, its role and
/// the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDelete) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) {
///   TextState("Cancel")
/// }
/// ```
///
/// A renderer draws ``label`` in the style ``role`` asks for and, when the button is chosen,
/// sends `action.action` if there is one; a button without an action only dismisses. The API
/// follows swift-navigation's `ButtonState`, plain text only and without animations, so that
/// it means the same to every renderer.
///
/// It is `Equatable`, `Hashable` and `Sendable` when `Action` is. Test failures describe it
/// as `ButtonState(label: "Delete", role: .destructive, action: .confirmDelete)`.
public struct ButtonState<Action> {
  /// What the button says.
  public var label: TextState
  /// What the button is for, which decides how it is drawn; nil for an ordinary button.
  public var role: ButtonStateRole?
  /// The action the button sends when chosen; `action.action` is nil for a button that only
  /// dismisses.
  public var action: ButtonStateAction<Action>

  /// Creates a button.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }
  /// ButtonState(action: .send(.retry)) { TextState("Try Again") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: What the button is for; nil for an ordinary button.
  ///   - action: What the button sends; by default nothing, so choosing it only dismisses.
  ///   - label: What the button says.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.label = label()
    self.role = role
    self.action = action
  }

  /// Creates a button that sends an action.
  ///
  /// ```swift
  /// ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: What the button is for; nil for an ordinary button.
  ///   - action: The action the button sends when chosen.
  ///   - label: What the button says.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// The same button, sending another type of action.
  ///
  /// ```swift
  /// let embedded = button.map { $0.map(Feature.Action.alert) }
  /// ```
  ///
  /// - Parameter transform: Turns the button's action, or nil, into the new action, or nil.
  /// - Returns: A button with the same label and role.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

/// What a button of an alert or a confirmation dialog sends when chosen.
///
/// ```swift
/// ButtonState(action: .send(.confirmDelete)) { TextState("Delete") }
/// button.action.action  // Optional(.confirmDelete)
/// ```
///
/// It follows swift-navigation's `ButtonStateAction`, without its animated variant: how a
/// change is animated is the renderer's business.
public struct ButtonStateAction<Action> {
  /// The action to send, or nil when choosing the button only dismisses.
  public let action: Action?

  init(action: Action?) {
    self.action = action
  }

  /// Sends `action` when the button is chosen.
  ///
  /// ```swift
  /// ButtonState(action: .send(.confirmDelete)) { TextState("Delete") }
  /// ```
  ///
  /// - Parameter action: The action, or nil to send nothing.
  /// - Returns: The button's action.
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }

  /// The same, sending another type of action.
  ///
  /// ```swift
  /// let embedded = button.action.map { $0.map(Feature.Action.alert) }
  /// ```
  ///
  /// - Parameter transform: Turns the action, or nil, into the new action, or nil.
  /// - Returns: The new button action.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonStateAction<NewAction> {
    ButtonStateAction<NewAction>(action: transform(action))
  }
}

/// What a button of an alert or a confirmation dialog is for, which decides how it is drawn.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
/// ```
///
/// The cases are SwiftUI's `ButtonRole`s; a renderer maps them onto its own styles.
public enum ButtonStateRole: Hashable, Sendable {
  /// The button cancels: it leaves things as they were. An alert has at most one.
  case cancel
  /// The button does something that cannot be undone, such as deleting data.
  case destructive
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonState: CustomReflectable, DescribedWithoutGenericArguments {
  /// The label, the role and the action the button sends, in that order, so that a test
  /// failure reads `ButtonState(label: "Delete", role: .destructive, action: .confirmDelete)`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [("label", label), ("role", role as Any), ("action", action.action as Any)],
      displayStyle: .struct)
  }
}

extension ButtonStateAction: CustomReflectable, DescribedWithoutGenericArguments {
  /// The action sent, so that a test failure reads
  /// `ButtonStateAction(action: .confirmDelete)`.
  public var customMirror: Mirror {
    Mirror(self, children: [("action", action as Any)], displayStyle: .struct)
  }
}

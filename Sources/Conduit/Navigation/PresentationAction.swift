/// The actions of a presented feature, as its parent sees them.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// ``presented(_:)`` carries an action of the presented feature; ``dismiss`` ends the
/// presentation: ``Reducer/ifLet(_:action:fileID:line:column:destination:)`` sets the state to
/// nil (after the parent has seen the action) and cancels the child's effects. A SwiftUI sheet
/// sends `.dismiss` when the user swipes it away; a child sends it by returning
/// ``Effect/dismiss`` or calling ``Send/dismiss(fileID:line:)``.
public enum PresentationAction<Action> {
  /// An action of the presented feature.
  case presented(Action)
  /// Ends the presentation.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

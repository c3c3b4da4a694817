/// An action with a `binding` case, which carries the ``BindingAction``s of a form's fields.
///
/// Conform a feature's action enum by giving it the case; the case itself satisfies the
/// requirement:
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
///
/// ``BindingReducer`` then applies the binding actions, and on platforms with SwiftUI
/// `store.binding(\.text)` gives a `Binding` that sends them.
///
/// `binding` must be a case of the enum, not a static function that builds some other case:
/// ``BindingReducer`` finds binding actions by inverting the case, as ``Scope`` does.
public protocol BindableAction {
  /// The state whose fields the binding actions set.
  associatedtype State

  /// The action that carries a binding action: the enum's `binding` case.
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The feature's action.
  static func binding(_ action: BindingAction<State>) -> Self
}

extension BindableAction {
  /// The action that sets the field at `keyPath` to `value`: `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// await store.send(.set(\.text, "Watch with Ada")) { $0.text = "Watch with Ada" }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  /// - Returns: The feature's action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}

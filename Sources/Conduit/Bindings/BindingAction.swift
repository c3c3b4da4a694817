/// An action that sets one field of a feature's state: what a form's text field or toggle sends.
///
/// A feature with many bound fields needs one action for all of them, not one per field. Give
/// the feature's action a `binding` case (see ``BindableAction``), run ``BindingReducer`` in
/// its body, and match the fields that need more than being set:
///
/// ```swift
/// struct ShowNote: Reducer {
///   struct State: Equatable {
///     var text = ""
///     var isPinned = false
///   }
///
///   enum Action: BindableAction {
///     case binding(BindingAction<State>)
///     case saveTapped
///   }
///
///   var body: some Reducer<State, Action> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.text):
///         state.text = String(state.text.prefix(280))
///         return .none
///       case .binding, .saveTapped:
///         return .none
///       }
///     }
///   }
/// }
///
/// store.send(.binding(.set(\.text, "Watch with Ada")))
/// ```
///
/// `case .binding(\.text):` matches a binding action that sets `text`, whatever the value; it
/// works through ``~=(_:_:)``, with no macros. In a test, spell the action as it is sent:
/// `await store.send(.binding(.set(\.text, "Watch"))) { $0.text = "Watch" }`.
///
/// Two binding actions are equal when they set the same key path to equal values. Key paths
/// are compared as Swift compares them: the same chain of properties from the root is the same
/// key path however it was built (`\.a.b` equals `(\.a).appending(path: \.b)`). That is why a
/// value must be `Equatable`. It must be `Sendable` too, as every action may cross to an
/// effect, and so must the key path: a key path literal of stored or computed properties is,
/// one built at run time with `appending(path:)` is not.
///
/// Test failures and logs describe it as Swift spells it: `.set(\.text, "Watch with Ada")`.
public struct BindingAction<Root>: Sendable {
  @usableFromInline let path: PartialKeyPath<Root> & Sendable
  @usableFromInline let value: any Equatable & Sendable
  @usableFromInline let setter: @Sendable (inout Root) -> Void

  @usableFromInline
  init(
    path: PartialKeyPath<Root> & Sendable, value: any Equatable & Sendable,
    setter: @escaping @Sendable (inout Root) -> Void
  ) {
    self.path = path
    self.value = value
    self.setter = setter
  }

  /// The field this action sets.
  ///
  /// ```swift
  /// action.keyPath == \ShowNote.State.text  // true for .set(\.text, "Watch")
  /// ```
  public var keyPath: PartialKeyPath<Root> { path }

  /// An action that sets the field at `keyPath` to `value`.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.text, "Watch with Ada")))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to set.
  ///   - value: Its new value.
  /// - Returns: The action; ``BindingReducer`` applies it.
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(path: keyPath, value: value) { $0[keyPath: keyPath] = value }
  }

  /// Whether `bindingAction` sets the field at `keyPath`, whatever its value.
  ///
  /// It is what lets a `switch` over a feature's actions match one field:
  ///
  /// ```swift
  /// switch action {
  /// case .binding(\.text):
  ///   // `state.text` has already been set by `BindingReducer`.
  ///   return .none
  /// case .binding:
  ///   return .none
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to match.
  ///   - bindingAction: The action.
  /// - Returns: `true` when the action sets that field.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>, bindingAction: Self
  ) -> Bool {
    bindingAction.keyPath == keyPath
  }

  /// Sets the field in `root`.
  @inlinable
  func apply(to root: inout Root) {
    setter(&root)
  }
}

extension BindingAction: Equatable {
  /// Whether two actions set the same field to equal values.
  ///
  /// - Parameters:
  ///   - lhs: An action.
  ///   - rhs: Another action.
  /// - Returns: `true` when both set the same key path and their values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.path == rhs.path && isEqual(lhs.value, to: rhs.value)
  }

  private static func isEqual<Value: Equatable>(_ value: Value, to other: any Equatable) -> Bool {
    // Equal key paths have one value type, so the cast fails only for different paths.
    value == other as? Value
  }
}

extension BindingAction: CustomStringConvertible {
  /// The action as Swift spells it: `.set(\.text, "Watch with Ada")`.
  public var description: String {
    ".set(\(Self.describe(path)), \(ValueDescription.of(value)))"
  }

  /// A key path without its root type, `\.text`, since the root is the feature's state.
  static func describe(_ keyPath: AnyKeyPath) -> String {
    // The standard library writes `\State.text`; a generic root's arguments may hold dots.
    let text = String(describing: keyPath)
    guard text.hasPrefix("\\") else { return text }
    var depth = 0
    for index in text.indices.dropFirst() {
      switch text[index] {
      case "<": depth += 1
      case ">": depth -= 1
      case "." where depth == 0: return "\\" + text[index...]
      default: break
      }
    }
    return text
  }
}

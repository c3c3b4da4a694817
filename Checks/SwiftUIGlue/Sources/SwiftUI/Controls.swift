// Text and buttons.

/// SwiftUI.Text
@frozen public struct Text: View, Equatable, Sendable {
  /// SwiftUI.Text.init(verbatim:)
  public init(verbatim content: String) {}
  /// SwiftUI.Text.init(_:), from any string.
  @_disfavoredOverload public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { standIn() }
}

/// SwiftUI.ButtonRole
public struct ButtonRole: Equatable, Sendable {
  /// SwiftUI.ButtonRole.destructive
  public static let destructive = ButtonRole()
  /// SwiftUI.ButtonRole.cancel
  public static let cancel = ButtonRole()
}

/// SwiftUI.Button
public struct Button<Label: View>: View {
  /// SwiftUI.Button.init(action:label:)
  @preconcurrency public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}

  /// SwiftUI.Button.init(role:action:label:)
  @preconcurrency public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}

  public var body: Never { standIn() }
}

extension Button where Label == Text {
  /// SwiftUI.Button.init(_:action:), with a string title.
  @preconcurrency public init<S: StringProtocol>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) {}

  /// SwiftUI.Button.init(_:role:action:), with a string title.
  @preconcurrency public init<S: StringProtocol>(
    _ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {}
}

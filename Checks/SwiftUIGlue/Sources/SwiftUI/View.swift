// `View`, the view builder and view modifiers.

/// SwiftUI.View
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// SwiftUI.ViewBuilder
@resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> {
    TupleView((repeat each content))
  }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    standIn()
  }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> {
    standIn()
  }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    standIn()
  }
}

/// SwiftUI.EmptyView
@frozen public struct EmptyView: View {
  public nonisolated init() {}
  public var body: Never { standIn() }
}

/// SwiftUI.TupleView
@frozen public struct TupleView<T>: View {
  public nonisolated init(_ value: T) {}
  public var body: Never { standIn() }
}

/// SwiftUI._ConditionalContent, what `if`–`else` in a view builder makes.
@frozen public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public var body: Never { standIn() }
}

/// SwiftUI.AnyView
@frozen public struct AnyView: View {
  public init<V: View>(_ view: V) {}
  public var body: Never { standIn() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// SwiftUI.ViewModifier
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// SwiftUI._ViewModifier_Content, the `content` a modifier's `body(content:)` receives.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public var body: Never { standIn() }
}

/// SwiftUI.ModifiedContent
@frozen public struct ModifiedContent<Content, Modifier> {
  public nonisolated init(content: Content, modifier: Modifier) {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public var body: Never { standIn() }
}

extension View {
  /// SwiftUI.View.modifier(_:)
  public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

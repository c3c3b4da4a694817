// Stacks and collections of views.

/// SwiftUI.ForEach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

extension ForEach: View where Content: View {
  public var body: Never { standIn() }

  /// SwiftUI.ForEach.init(_:content:), over identifiable elements.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable {}

  /// SwiftUI.ForEach.init(_:id:content:)
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

/// SwiftUI.NavigationPath
public struct NavigationPath {
  public init() {}
}

/// SwiftUI.NavigationStack
public struct NavigationStack<Data, Root: View>: View {
  /// SwiftUI.NavigationStack.init(root:)
  public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}

  /// SwiftUI.NavigationStack.init(path:root:), with a homogeneous path.
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}

  public var body: Never { standIn() }
}

extension View {
  /// SwiftUI.View.navigationDestination(for:destination:)
  public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View {
    StandInView()
  }
}

/// SwiftUI.TabView
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  /// SwiftUI.TabView.init(selection:content:)
  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}

  public var body: Never { standIn() }
}

extension View {
  /// SwiftUI.View.tag(_:)
  public func tag<V: Hashable>(_ tag: V) -> some View { StandInView() }
}

/// SwiftUI.List
public struct List<SelectionValue: Hashable, Content: View>: View {
  public var body: Never { standIn() }
}

extension List where SelectionValue == Never {
  /// SwiftUI.List.init(_:id:rowContent:)
  public init<Data, ID, RowContent>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable,
    RowContent: View
  {}
}

/// SwiftUI.HorizontalAlignment
public struct HorizontalAlignment: Equatable, Sendable {
  /// SwiftUI.HorizontalAlignment.leading
  public static let leading = HorizontalAlignment()
  /// SwiftUI.HorizontalAlignment.center
  public static let center = HorizontalAlignment()
}

/// SwiftUI.VStack
public struct VStack<Content: View>: View {
  /// SwiftUI.VStack.init(alignment:spacing:content:), without the spacing, which is a
  /// `CGFloat`.
  public init(alignment: HorizontalAlignment = .center, @ViewBuilder content: () -> Content) {}

  public var body: Never { standIn() }
}

/// SwiftUI.PreviewProvider
@MainActor @preconcurrency
public protocol PreviewProvider {
  associatedtype Previews: View
  @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

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

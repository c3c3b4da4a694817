#if canImport(SwiftUI)
  import SwiftUI

  /// A view that derives a store of view state when it appears and owns it for its life.
  ///
  /// For a view state made by a closure, which ``Store/observe(_:fileID:line:)-((State)->ViewState,_,_)`` cannot
  /// cache: the store is made once and kept in the view's `@State`, so the view is told exactly
  /// when its view state changes, however often its parent's body runs.
  ///
  /// ```swift
  /// var body: some View {
  ///   WithViewStore(store, observe: { Header(title: $0.title, count: $0.items.count) }) {
  ///     header in
  ///     Text("\(header.title) (\(header.count))")
  ///   }
  /// }
  /// ```
  ///
  /// For one part of the state, `store.observe(\.title)` in the body needs no container. The
  /// store is made from the store and closure of the view's first appearance; a later parent
  /// store or closure is not seen, as for any `@State`.
  public struct WithViewStore<ViewState: Equatable, ViewAction, Content: View>: View {
    @SwiftUI.State private var viewStore: Store<ViewState, ViewAction>
    private let content: (Store<ViewState, ViewAction>) -> Content

    /// Creates a view that derives a view store from `store` with `toViewState`.
    ///
    /// - Parameters:
    ///   - store: The store to derive from.
    ///   - toViewState: Computes the view state from the store's state.
    ///   - content: Builds the view from the derived store.
    public init<State>(
      _ store: Store<State, ViewAction>,
      observe toViewState: @escaping (State) -> ViewState,
      @ViewBuilder content: @escaping (Store<ViewState, ViewAction>) -> Content
    ) {
      _viewStore = SwiftUI.State(initialValue: store.observe(toViewState))
      self.content = content
    }

    /// The content, built from the view's own derived store.
    public var body: some View {
      content(viewStore)
    }
  }
#endif

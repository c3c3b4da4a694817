#if canImport(SwiftUI)
  import SwiftUI

  /// A SwiftUI navigation stack of a store's ``StackState``: a root view, and a view for each
  /// screen on the stack, made from the screen's store.
  ///
  /// ```swift
  /// NavigationStackStore(store, path: \.path, action: Action.path) {
  ///   MeetingsListView(store: store.scope(state: \.list, action: Action.list))
  /// } destination: { detail in
  ///   MeetingDetailView(store: detail)
  /// }
  /// ```
  ///
  /// Screens are pushed by the feature's reducer (`state.path.append(…)`); when the user goes
  /// back, the stack sends `.popFrom(id:)` for the first screen that went away. Each screen's
  /// view gets that screen's own store, which is told only of that screen's changes.
  public struct NavigationStackStore<
    State, Action, ElementState, ElementAction, Root: View, Destination: View
  >: View {
    private let store: Store<State, Action>
    private let path: KeyPath<State, StackState<ElementState>> & Sendable
    private let action: @Sendable (StackAction<ElementState, ElementAction>) -> Action
    private let root: Root
    private let destination: (Store<ElementState, ElementAction>) -> Destination

    /// Creates a navigation stack of the screens at `path`.
    ///
    /// - Parameters:
    ///   - store: The store that holds the stack.
    ///   - path: The path to the stack's state.
    ///   - action: The action case that carries stack actions, such as `Action.path`.
    ///   - root: The view at the bottom of the stack.
    ///   - destination: Makes the view of a screen from its store.
    public init(
      _ store: Store<State, Action>,
      path: KeyPath<State, StackState<ElementState>> & Sendable,
      action: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
      @ViewBuilder root: () -> Root,
      @ViewBuilder destination: @escaping (Store<ElementState, ElementAction>) -> Destination
    ) {
      self.store = store
      self.path = path
      self.action = action
      self.root = root()
      self.destination = destination
    }

    /// The stack, told when screens are pushed or popped and of nothing else.
    public var body: some View {
      let screens = store.scope(state: path, action: action)
      let (store, action) = (self.store, self.action)
      NavigationStack(
        path: Binding(
          get: { @MainActor in screens.ids },
          set: { @MainActor in
            if let id = StackElementID.popped(from: screens.ids, to: $0) {
              store.send(action(.popFrom(id: id)))
            }
          })
      ) {
        root.navigationDestination(for: StackElementID.self) { id in
          if let index = screens.ids.firstIndex(of: id) { destination(screens[index]) }
        }
      }
    }
  }
#endif

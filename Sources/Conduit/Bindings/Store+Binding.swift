#if canImport(SwiftUI)
  import SwiftUI

  extension Store {
    /// A SwiftUI binding that reads a part of the state and writes by sending an action.
    ///
    /// ```swift
    /// TabView(selection: store.binding(\.selectedTab, send: AppFeature.Action.tabSelected)) {
    ///   …
    /// }
    /// ```
    ///
    /// SwiftUI's `Binding` takes `@Sendable` closures, so the key path and `action` must be
    /// `Sendable`: key path literals and enum cases are.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state the binding reads.
    ///   - action: Makes the action to send when the binding is set.
    /// - Returns: A binding for SwiftUI controls.
    public func binding<Value>(
      _ keyPath: KeyPath<State, Value> & Sendable,
      send action: @escaping @Sendable (Value) -> Action
    ) -> Binding<Value> {
      Binding(
        get: { @MainActor in self.state[keyPath: keyPath] },
        set: { @MainActor in self.send(action($0)) }
      )
    }
  }

  extension Store where Action: BindableAction, Action.State == State {
    /// A SwiftUI binding to a field of the state, which sends a ``BindingAction`` when set.
    ///
    /// ```swift
    /// TextField("Note", text: store.binding(\.text))
    /// Toggle("Pinned", isOn: store.binding(\.isPinned))
    /// ```
    ///
    /// Setting the binding sends `.binding(.set(keyPath, newValue))`; the feature's
    /// ``BindingReducer`` applies it, and the binding reads the new value from the state.
    ///
    /// - Parameter keyPath: The field the binding reads and sets.
    /// - Returns: A binding for SwiftUI controls.
    public func binding<Value: Equatable & Sendable>(
      _ keyPath: WritableKeyPath<State, Value> & Sendable
    ) -> Binding<Value> {
      Binding(
        get: { @MainActor in self.state[keyPath: keyPath] },
        set: { @MainActor in self.send(.binding(.set(keyPath, $0))) }
      )
    }
  }
#endif

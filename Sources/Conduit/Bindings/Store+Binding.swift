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
    /// - Parameters:
    ///   - keyPath: The part of the state the binding reads.
    ///   - action: Makes the action to send when the binding is set.
    /// - Returns: A binding for SwiftUI controls.
    public func binding<Value>(
      _ keyPath: KeyPath<State, Value>, send action: @escaping (Value) -> Action
    ) -> Binding<Value> {
      Binding(
        get: { self.state[keyPath: keyPath] },
        set: { self.send(action($0)) }
      )
    }
  }
#endif

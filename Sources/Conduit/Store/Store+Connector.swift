extension Store {
  /// Derives a view's store through a ``Connector``.
  ///
  /// When the connector is `Hashable`, an equal connector returns the same store for as long as
  /// that store is alive, so calling `connect(using:)` from a SwiftUI body on every evaluation
  /// does not pile up stores:
  ///
  /// ```swift
  /// var body: some View {
  ///   HistoryView(viewModel: store.connect(using: WatchedHistoryConnector()))
  /// }
  /// ```
  ///
  /// A connector that is not `Hashable` gets a new store on every call.
  ///
  /// - Parameters:
  ///   - connector: Maps this store's state to the view state, and view actions back.
  ///   - fileID: The file of the call, named in warnings.
  ///   - line: The line of the call, named in warnings.
  /// - Returns: A store of the view's state and actions, notifying its observers only when the
  ///   view state changes.
  @inlinable
  public func connect<C: Connector>(
    using connector: C,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Store<C.ViewState, C.ViewAction> where C.State == State, C.Action == Action {
    guard let hashable = connector as? any Hashable else {
      return makeDerived(
        deriveState: connector.connect(state:), embedAction: connector.connect(action:),
        origin: (fileID, line))
    }
    return cachedChild(key: AnyHashable(hashable)) {
      makeDerivedCore(
        deriveState: connector.connect(state:), embedAction: connector.connect(action:), origin: nil
      )
    }
  }
}

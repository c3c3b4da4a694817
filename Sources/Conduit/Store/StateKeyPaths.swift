/// The `\.currentState` key path of each store core type, built once per type: the key path
/// Observation tracks a store by.
///
/// Swift instantiates a key path into a generic type at run time, through the demangler; doing
/// that once per type instead of once per store keeps creating a row store cheap.
enum StateKeyPaths {
  private static let known = Locked([ObjectIdentifier: AnyKeyPath]())

  @MainActor
  static func keyPath<State, Action>(
    for type: StoreCore<State, Action>.Type
  ) -> KeyPath<StoreCore<State, Action>, State> {
    let key = ObjectIdentifier(type)
    if let known = known.withLock({ $0[key] }) as? KeyPath<StoreCore<State, Action>, State> {
      return known
    }
    let keyPath = \StoreCore<State, Action>.currentState
    known.withLock { $0[key] = keyPath }
    return keyPath
  }
}

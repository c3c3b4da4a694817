/// The `\.state` key path of each store type, built once per type.
///
/// Swift instantiates a key path into a generic type at run time, through the demangler; doing
/// that once per type instead of once per store keeps creating a row store cheap.
enum StateKeyPaths {
  private static let known = Locked([ObjectIdentifier: AnyKeyPath]())

  @MainActor
  static func keyPath<State, Action>(
    for type: Store<State, Action>.Type
  ) -> KeyPath<Store<State, Action>, State> {
    let key = ObjectIdentifier(type)
    if let known = known.withLock({ $0[key] }) as? KeyPath<Store<State, Action>, State> {
      return known
    }
    let keyPath = \Store<State, Action>.state
    known.withLock { $0[key] = keyPath }
    return keyPath
  }
}

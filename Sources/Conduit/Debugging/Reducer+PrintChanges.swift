extension Reducer {
  /// Prints every action this reducer handles and the state changes it caused, in debug builds.
  ///
  /// Add it while chasing a bug, on the root reducer or on one feature:
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State(), reducer: AppFeature().printChanges())
  /// store.send(.search(.queryChanged("break")))
  /// // received action AppFeature.Action.search(.queryChanged("break"))
  /// //   search.query: "" → "break"
  /// ```
  ///
  /// Only the fields that changed are printed, found through `Mirror` (or a type's
  /// ``CustomDumpReflectable/customDumpMirror``): nested properties, collection elements by
  /// index (or by id, in an ``IdentifiedArray`` or when the elements are `Identifiable`),
  /// dictionary entries by key, optionals and enum cases. A collection lists at most ten
  /// changed elements and counts the others, and nesting is bounded, so large or recursive
  /// state stays readable.
  ///
  /// It costs nothing until you call it. In debug builds each action then keeps a copy of the
  /// state from before it runs and walks the two copies, which is slow for big states: take it
  /// out again when you are done. In release builds (when `DEBUG` is not set) it returns this
  /// reducer unchanged, so nothing is copied, compared or printed.
  ///
  /// - Parameter output: Receives each action's report, several lines in one string; prints
  ///   to standard output by default.
  /// - Returns: A reducer that runs this one and reports what each action changed.
  public func printChanges(
    to output: @escaping (String) -> Void = { print($0) }
  ) -> some Reducer<State, Action> {
    #if DEBUG
      ChangePrinter(base: self, output: output)
    #else
      self
    #endif
  }
}

#if DEBUG
  /// Runs a reducer and reports each action with the diff of the state it caused.
  struct ChangePrinter<Base: Reducer>: Reducer {
    let base: Base
    let output: (String) -> Void

    func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      let old = state
      let effect = base.reduce(into: &state, action: action)
      output(Self.report(action: action, old: old, new: state))
      return effect
    }

    static func report(action: Base.Action, old: Base.State, new: Base.State) -> String {
      var action = ValueDescription.of(action)
      // An enum case reads `.increment`; name its type so the log says whose action it is.
      if action.hasPrefix(".") { action = ValueDescription.typeName(Base.Action.self) + action }
      let changes = StateDiff(from: old, to: new).lines(.beforeAfter)
      let body = changes.isEmpty ? ["(no state changes)"] : changes
      return (["received action \(action)"] + body.map { "  " + $0 }).joined(separator: "\n")
    }
  }
#endif

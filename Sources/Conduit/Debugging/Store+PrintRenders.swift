extension Store {
  /// Prints, each time this store notifies its observers, the action that caused it and what
  /// changed in its state: why a view watching it rendered again. In debug builds.
  ///
  /// Call it on the store a view watches, while chasing a render that should not happen:
  ///
  /// ```swift
  /// let history = store.connect(using: WatchedHistoryConnector())
  /// history.printRenders()
  /// store.send(.markAsWatched(episode: pilot, watched: true))
  /// // HistoryView.State changed after .markAsWatched(episode: Ids(show: 1, season: 1,
  /// // episode: 1), watched: true): posters[0] added HistoryView.State.Poster(ids: Ids(show: 1,
  /// // season: 1, episode: 1), imageURL: nil, title: "Pilot", subtitle: "2019-03-14")
  /// store.send(.bumpUnrelated)  // the history did not change: nothing printed
  /// ```
  ///
  /// (One line of output, wrapped here.) A change to a field of an element reads
  /// `posters[0].subtitle "" → "2019-03-14"`.
  ///
  /// A notification with several changes lists one per line under the first. One with none
  /// says so: a store of state that is not `Equatable` notifies after every change of its
  /// parent, which is itself the answer. SwiftUI's `_printChanges()` says only that a view's
  /// `@self` changed; this names the field, and the action.
  ///
  /// The trace lasts as long as the store, or until the returned subscription is cancelled. It
  /// costs nothing until a first trace starts; from then on, in debug builds, each action a
  /// store handles is remembered while it runs (a few nanoseconds), and each notification of
  /// a traced store is diffed and printed. In release builds (when `DEBUG` is not set) it does
  /// nothing at all.
  ///
  /// - Parameters:
  ///   - name: What to call this store's state in the output; its type's name by default.
  ///   - output: Receives each report; prints to standard output by default.
  /// - Returns: A subscription that stops the trace when cancelled; it need not be kept.
  @discardableResult
  public func printRenders(
    _ name: String? = nil,
    to output: @escaping @MainActor (String) -> Void = { print($0) }
  ) -> Subscription {
    #if DEBUG
      RenderTrace.isActive = true
      let tracer = RenderTracer(
        name: name ?? ValueDescription.typeName(State.self), state: currentState, output: output)
      // The callback holds the tracer and the tracer the subscription, so the trace lives as
      // long as this store's list of callbacks, without holding the store.
      let subscription = core.subscribe({ tracer.didNotify(with: $0) }, owner: 0)
      tracer.subscription = subscription
      return subscription
    #else
      let subscription = Subscription {}
      subscription.cancel()
      return subscription
    #endif
  }
}

#if DEBUG
  /// The actions the root stores are handling right now, innermost last, so that a traced
  /// store's notification can say which action caused it.
  ///
  /// While ``isActive``, a root store calls ``willProcess(_:)`` and ``didProcess()`` around
  /// each action (see `RootRuntime`); until a first ``Store/printRenders(_:to:)``, all it does
  /// is read ``isActive``. Notifications happen while the action is handled, and a send made from an
  /// observer to another root store nests inside it, hence a stack.
  @MainActor
  enum RenderTrace {
    /// Whether any store has been traced; once set, it stays set.
    @exclusivity(unchecked) static var isActive = false
    private static var actions: [Any] = []

    /// Notes that a root store starts handling `action`, while ``isActive``.
    static func willProcess<Action>(_ action: Action) {
      actions.append(action)
    }

    /// The action noted last is handled.
    static func didProcess() {
      actions.removeLast()
    }

    /// The action being handled, innermost.
    static var currentAction: Any? { actions.last }
  }

  /// One trace: the store's state at its last notification, and where reports go.
  @MainActor
  final class RenderTracer<State> {
    let name: String
    private var state: State
    private let output: @MainActor (String) -> Void
    var subscription: Subscription?

    init(name: String, state: State, output: @escaping @MainActor (String) -> Void) {
      self.name = name
      self.state = state
      self.output = output
    }

    func didNotify(with newState: State) {
      let old = state
      state = newState
      output(Self.report(name: name, action: RenderTrace.currentAction, old: old, new: newState))
    }

    /// `HistoryView.State changed after .markAsWatched: posters[0].subtitle "" → "Mar 14"`.
    static func report(name: String, action: Any?, old: State, new: State) -> String {
      let cause = action.map { " after " + ValueDescription.of($0) } ?? ""
      let changes = StateDiff(from: old, to: new).changes.map { change in
        "\(change.path) " + StateDiff.text(for: change.kind, .beforeAfter)
      }
      switch changes.count {
      case 0: return "\(name) notified\(cause), with no change to its state"
      case 1: return "\(name) changed\(cause): \(changes[0])"
      default: return "\(name) changed\(cause):" + changes.map { "\n  " + $0 }.joined()
      }
    }
  }
#endif

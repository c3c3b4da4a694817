import Conduit

/// The limit the instruction counts compare Conduit with: a final class that runs the reducer
/// on its state in place and calls its observers' closures with the new state, nothing more (no
/// effects, no queue, no Observation).
///
/// Each observer closure is what a hand-written view model would do for one view: derive the
/// view's value, compare it with the last, and call back only when it changed. Scenarios with
/// "nothing observing" give it one closure that does nothing.
@MainActor
final class HandWrittenStore<R: Reducer> {
  private(set) var state: R.State
  private let reducer: R
  private let observers: [(R.State) -> Void]

  init(state: R.State, reducer: R, observers: [(R.State) -> Void]) {
    self.state = state
    self.reducer = reducer
    self.observers = observers
  }

  @inline(never)
  func send(_ action: R.Action) {
    // The scenarios' reducers return no effects; there is nothing to run.
    _ = reducer.reduce(into: &state, action: action)
    for observer in observers { observer(state) }
  }
}

/// An observer closure that derives a value from the state and calls back (counting in `tally`)
/// when it differs from the last one seen, as a hand-written view model does for one view.
///
/// Nonisolated, like the closures a hand-written model would store: a closure made in main-actor
/// code and stored as a nonisolated function type checks its executor on every call, which
/// would put a cost into the baseline that a hand-written store need not pay.
nonisolated func changeObserver<State, Value: Equatable>(
  initial: Value, derive: @escaping (State) -> Value, tally: PlainTally,
  record: @escaping (Value) -> Int = { _ in 0 }
) -> (State) -> Void {
  var last = initial
  return opaque { state in
    let value = derive(state)
    guard value != last else { return }
    last = value
    tally.count += 1
    tally.last = record(value)
  }
}

/// An observer closure that does nothing, for "nothing observing".
nonisolated func idleObserver<State>() -> (State) -> Void {
  opaque { _ in }
}

/// A count the hand-written observers share; not main-actor isolated, like them.
final class PlainTally {
  var count = 0
  var last = 0
}

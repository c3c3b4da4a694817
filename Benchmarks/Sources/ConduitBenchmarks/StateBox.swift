/// State the timed loop mutates in place, out of the optimizer's reach.
@MainActor
final class StateBox<State> {
  var state: State

  init(_ state: State) {
    self.state = state
  }
}

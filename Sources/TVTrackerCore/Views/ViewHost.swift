import Conduit
import Observation

/// Keeps one view on screen: renders it, and renders it again whenever Observation reports a
/// change of its view model, counting the renders.
///
/// This is what SwiftUI does with a `body`: the render runs inside `withObservationTracking`,
/// so it is tracked on exactly the store it reads, and the one-shot tracking is armed again
/// after each render. Conduit notifies a store only when its own state changed, so the count
/// says how often the view's state really changed.
@MainActor
final class ViewHost {
  /// The name shown in line mode and on the status line.
  let name: String
  /// What the view rendered last.
  private(set) var rendering: Rendering = []
  private(set) var renderCount = 0
  /// Called after every render, including the first.
  var onRender: ((ViewHost) -> Void)?
  private var renderView: () -> Rendering = { [] }

  init<View: TerminalView>(_ view: View, name: String) {
    self.name = name
    renderView = { view.render(view.viewModel.state) }
    render()
  }

  /// The view's lines, as line mode prints them.
  var lines: [String] { rendering.lines }

  private func render() {
    rendering = withObservationTracking {
      renderView()
    } onChange: { [weak self] in
      // Conduit reports a change once every store holds its new state, on the main actor, so
      // rendering right away reads the new state.
      MainActor.assumeIsolated { self?.render() }
    }
    renderCount += 1
    onRender?(self)
  }
}

// A stand-in for Apple's SwiftUI, so that Conduit's `#if canImport(SwiftUI)` glue is compiled,
// and type-checked, on Linux. It declares only what that glue (and the SwiftUI code of the
// DocC articles) uses, and nothing here ever runs: bodies stop with `standIn()` or return a
// placeholder view. It never ships and is no part of Conduit's own build.
//
// Rules for adding a symbol:
// - Copy its declaration from Apple's documentation (developer.apple.com/documentation/swiftui),
//   parameter for parameter: labels, generic constraints, `@escaping`, `@Sendable`,
//   `@isolated(any)`, `@MainActor` on closures. A signature that is looser than Apple's lets
//   broken glue pass; one that is stricter rejects glue that would compile.
// - Where Apple's current documentation and the SDKs before it differ, declare the stricter of
//   the two, so the glue builds with both. Two differences apply throughout:
//   - Views and their modifiers are main-actor isolated here (older SDKs inferred it from
//     `View`); the current documentation marks many `nonisolated`. Glue runs in a `body`, on
//     the main actor, where both compile.
//   - Result-builder parameters are `@ViewBuilder`; the current documentation writes
//     `@ContentBuilder`, which builds the same views.
// - Put it in the file of its area: `View.swift` (views, builders, modifiers), `Binding.swift`,
//   `Controls.swift` (text, buttons), `Presentation.swift` (sheets, alerts, dialogs),
//   `Navigation.swift` (stacks, lists), and give it a one-line comment naming Apple's symbol.
// - A new view type conforms to `View` with `public var body: Never { standIn() }`; a method
//   returning `some View` returns `StandInView()`.
// - Public symbols carry that one-line comment instead of full documentation; this package's
//   `.swift-format` turns the documentation rule off.

/// Stops: stand-in code is compiled, never run.
func standIn(_ function: StaticString = #function) -> Never {
  fatalError("\(function) is a compile-time stand-in for SwiftUI and cannot run.")
}

/// The view every stand-in modifier returns as its `some View`.
public struct StandInView: View {
  nonisolated init() {}
  public var body: Never { standIn() }
}

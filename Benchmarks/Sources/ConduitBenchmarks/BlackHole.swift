/// Consumes a value in a way the optimizer cannot see through, so the work that produced it
/// cannot be deleted.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument unchanged, hiding from the optimizer what it is.
///
/// Used on the closures of the hand-written baselines, so the compiler cannot inline them
/// into the timed loop and fold a million increments into one addition.
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

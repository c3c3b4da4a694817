import Foundation

/// A value guarded by a lock, for the clocks' and the test store's bookkeeping, which effects
/// touch from their own tasks and a `deinit` may touch from any thread.
///
/// Conduit has the same type, but it is internal to that module, and the standard library's
/// `Mutex` needs iOS 18 / macOS 15 while Conduit supports iOS 17 / macOS 14; so this module
/// keeps its own small copy over `NSLock`.
///
/// It is `@unchecked Sendable` because every access to `value` happens inside `withLock`, while
/// the lock is held; no reference to the value escapes the closure.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

import Foundation

/// A value guarded by a lock, for the little state that is touched off the main actor.
///
/// The standard library's `Mutex` would be the first choice, but it needs iOS 18 / macOS 15 and
/// Conduit supports iOS 17 / macOS 14, so this wraps `NSLock`, which exists on every platform.
///
/// It is `@unchecked Sendable` because every access to `value` happens inside `withLock`, while
/// the lock is held; no reference to the value escapes the closure.
///
/// `ConduitTesting` uses it through the `Testing` SPI rather than keeping a copy.
@_spi(Testing)
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  /// Unchecked exclusivity: every access is inside `withLock`, with the lock held, and a
  /// nested `withLock` on the same lock would deadlock before its access began, so two
  /// accesses never overlap.
  @exclusivity(unchecked) private var value: Value

  /// Creates a lock guarding `value`.
  ///
  /// - Parameter value: The initial value.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: Reads or changes the value; it must not let the value escape.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

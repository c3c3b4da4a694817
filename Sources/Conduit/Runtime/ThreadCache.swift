#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The case analyses this thread has used lately, looked up without a lock.
///
/// A reducer's `body`, and every `Scope` in it, is built anew for each action, and each `Scope`
/// needs its enum's ``CaseAnalysis``: the process-wide table behind a lock costs a lock and a
/// hash each time, several hundred instructions, more than the rest of the `Scope`. This cache
/// is one per thread (a pthread key), so reading it needs no synchronization: a few dozen
/// instructions for a hit. It holds 64 entries, placed by a hash of the two types; a miss, or a
/// collision, goes to the process-wide table and takes the slot.
final class CaseAnalysisThreadCache {
  private struct Entry {
    var root: ObjectIdentifier?
    var value: ObjectIdentifier?
    var analysis: CaseAnalysis?
  }

  private static let capacity = 64
  /// Touched only by this cache's thread, one access at a time (a lookup or a store, which
  /// call nothing that could reach the cache again), so the dynamic exclusivity check is
  /// skipped.
  @exclusivity(unchecked)
  private var entries = ContiguousArray(repeating: Entry(), count: capacity)

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // The value is a retained cache; the thread's exit releases it.
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0).release() }
    #else
      let status = pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0!).release() }
    #endif
    precondition(status == 0, "Conduit could not create its thread-local case cache.")
    return key
  }()

  /// This thread's cache, made on first use.
  static var current: CaseAnalysisThreadCache {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<CaseAnalysisThreadCache>.fromOpaque(pointer).takeUnretainedValue()
    }
    let cache = CaseAnalysisThreadCache()
    pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
    return cache
  }

  private static func slot(_ root: ObjectIdentifier, _ value: ObjectIdentifier) -> Int {
    // The addresses of two metadata records, aligned, so the low bits say little: mix them
    // with a multiplication (not `hashValue`, which runs a full hasher) and keep 6 high bits.
    let mixed = (UInt(bitPattern: root) ^ (UInt(bitPattern: value) &>> 4)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> (UInt.bitWidth - 6))
  }

  /// The analysis of extracting `value` from `root`, if this thread has it.
  func analysis(root: ObjectIdentifier, value: ObjectIdentifier) -> CaseAnalysis? {
    let entry = entries[Self.slot(root, value)]
    guard entry.root == root, entry.value == value else { return nil }
    return entry.analysis
  }

  /// Keeps an analysis that was accepted, taking its slot.
  func keep(_ analysis: CaseAnalysis, root: ObjectIdentifier, value: ObjectIdentifier) {
    entries[Self.slot(root, value)] = Entry(root: root, value: value, analysis: analysis)
  }
}

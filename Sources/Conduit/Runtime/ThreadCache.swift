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
///
/// The entries are in memory of the cache's own, read through a pointer, and hold their
/// analyses unmanaged (analyses are immortal): a hit checks no bounds, no exclusivity and counts
/// no references.
///
/// It also keeps what a `forEach` needs, its analysis and where its key path leads (see
/// ``forEachLayout(of:root:value:at:)``), in one lookup, for the same reason: the key path is
/// rebuilt with the `body`, and asking the key path itself walks its components, about two
/// hundred instructions per action.
@usableFromInline
final class CaseAnalysisThreadCache {
  private struct Entry {
    var root: ObjectIdentifier?
    var value: ObjectIdentifier?
    var analysis: Unmanaged<CaseAnalysis>?
  }

  private static let capacity = 64
  /// Touched only by this cache's thread, one access at a time (a lookup or a store, which
  /// call nothing that could reach the cache again).
  private let entries: UnsafeMutablePointer<Entry>

  /// What a `forEach` of a key path and an action case needs, or nothing.
  private struct OffsetEntry {
    var id: ObjectIdentifier?
    var root: ObjectIdentifier?
    var value: ObjectIdentifier?
    /// Retained while it is here, so that no other key path can take its address and be
    /// mistaken for it.
    var keyPath: Unmanaged<AnyKeyPath>?
    var layout: ForEachLayout?
  }

  /// Touched like `entries`.
  private let offsets: UnsafeMutablePointer<OffsetEntry>

  private init() {
    entries = .allocate(capacity: Self.capacity)
    entries.initialize(repeating: Entry(), count: Self.capacity)
    offsets = .allocate(capacity: Self.capacity)
    offsets.initialize(repeating: OffsetEntry(), count: Self.capacity)
  }

  deinit {
    // Analyses are unmanaged and immortal; the key paths were retained when they were kept.
    for index in 0..<Self.capacity { offsets[index].keyPath?.release() }
    entries.deallocate()
    offsets.deallocate()
  }
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

  /// This thread's cache, made on first use; unmanaged, because the thread keeps it for as long
  /// as it runs, so a lookup need not retain it.
  static var current: Unmanaged<CaseAnalysisThreadCache> {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<CaseAnalysisThreadCache>.fromOpaque(pointer)
    }
    let cache = Unmanaged.passRetained(CaseAnalysisThreadCache())
    pthread_setspecific(key, cache.toOpaque())
    return cache
  }

  private static func slot(_ root: ObjectIdentifier, _ value: ObjectIdentifier) -> Int {
    // The addresses of two metadata records, aligned, so the low bits say little: mix them
    // with a multiplication (not `hashValue`, which runs a full hasher) and keep 6 high bits.
    let mixed = (UInt(bitPattern: root) ^ (UInt(bitPattern: value) &>> 4)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> (UInt.bitWidth - 6))
  }

  /// The analysis of extracting `value` from `root`, if this thread has it.
  func analysis(root: ObjectIdentifier, value: ObjectIdentifier) -> Unmanaged<CaseAnalysis>? {
    let entry = entries + Self.slot(root, value)
    guard entry.pointee.root == root, entry.pointee.value == value else { return nil }
    return entry.pointee.analysis
  }

  /// Keeps an analysis that was accepted, taking its slot.
  func keep(_ analysis: CaseAnalysis, root: ObjectIdentifier, value: ObjectIdentifier) {
    entries[Self.slot(root, value)] = Entry(
      root: root, value: value, analysis: Unmanaged.passUnretained(analysis))
  }

  /// What a `forEach` over `keyPath`, extracting `value` from the action `root`, needs: the
  /// accepted analysis of the action case, and where the array is in the state.
  ///
  /// This thread keeps the answer for the key path instance, which a key path literal
  /// (`\.rows`) is the same of on every evaluation; a miss asks ``CaseAnalysis`` (which stops
  /// the program when the case cannot be extracted) and the key path.
  @usableFromInline
  static func forEachLayout<State, Elements>(
    of keyPath: WritableKeyPath<State, Elements>, root: Any.Type, value: Any.Type,
    at site: CaseSite
  ) -> ForEachLayout {
    let (id, rootID, valueID) = (
      ObjectIdentifier(keyPath), ObjectIdentifier(root), ObjectIdentifier(value)
    )
    let entry =
      current._withUnsafeGuaranteedRef { $0.offsets }
      + slot(id, rootID, valueID)
    if entry.pointee.id == id, entry.pointee.root == rootID, entry.pointee.value == valueID,
      let layout = entry.pointee.layout
    {
      return layout
    }
    let layout = ForEachLayout(
      analysis: CaseAnalysis.checked(root: root, value: value, at: site),
      offset: MemoryLayout<State>.offset(of: keyPath))
    entry.pointee.keyPath?.release()
    entry.pointee = OffsetEntry(
      id: id, root: rootID, value: valueID,
      keyPath: Unmanaged.passRetained(keyPath as AnyKeyPath), layout: layout)
    return layout
  }

  private static func slot(
    _ keyPath: ObjectIdentifier, _ root: ObjectIdentifier, _ value: ObjectIdentifier
  ) -> Int {
    // As for analyses; the key path's address is the part that differs most between entries.
    let types = UInt(bitPattern: root) ^ (UInt(bitPattern: value) &>> 4)
    let mixed = (UInt(bitPattern: keyPath) ^ (types &>> 3)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed &>> (UInt.bitWidth - 6))
  }
}

/// What a `forEach` learns once per key path and action case: the analysis of its action case
/// and where its array is stored in the state.
@usableFromInline
struct ForEachLayout {
  /// Accepted: ``CaseAnalysis/checked(root:value:at:)`` returned it.
  @usableFromInline let analysis: Unmanaged<CaseAnalysis>
  /// Where the array is stored in the state: nil unless the path is made of stored properties.
  @usableFromInline let offset: Int?
}

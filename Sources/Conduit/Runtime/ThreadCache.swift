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
/// It also keeps what a `Scope` or `forEach` needs, its analysis and where its key path leads
/// (see ``layout(of:root:value:at:)``), in one lookup, for the same reason: the key path is
/// rebuilt with the `body`, and asking the key path itself walks its components, about two
/// hundred instructions.
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

  /// What a `Scope` or `forEach` of a key path and an action case needs, or nothing.
  private struct OffsetEntry {
    var id: ObjectIdentifier?
    var root: ObjectIdentifier?
    var value: ObjectIdentifier?
    /// Retained while it is here, so that no other key path can take its address and be
    /// mistaken for it.
    var keyPath: Unmanaged<AnyKeyPath>?
    var layout: ChildLayout?
  }

  /// Touched like `entries`.
  private let offsets: UnsafeMutablePointer<OffsetEntry>

  /// The reducer type a root store on this thread is running for the first time, to learn
  /// whether it runs through its `body` (see ``BuiltBody``); nil the rest of the time.
  fileprivate var probedReducer: ObjectIdentifier?
  /// What the default `reduce(into:action:)` of `probedReducer` offered while it ran: a
  /// ``BuiltBody/Runner`` of the `body` it built.
  fileprivate var offeredBody: AnyObject?

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

  /// What a `Scope` or `forEach` of `keyPath`, extracting `value` from the action `root`,
  /// needs: the accepted analysis of the action case, and where the child's state is.
  ///
  /// This thread keeps the answer for the key path instance, which a key path literal
  /// (`\.rows`) is the same of on every evaluation; a miss asks ``CaseAnalysis`` (which stops
  /// the program when the case cannot be extracted) and the key path.
  @inlinable
  static func layout<State, Child>(
    of keyPath: WritableKeyPath<State, Child>, root: Any.Type, value: Any.Type,
    at site: CaseSite
  ) -> ChildLayout {
    // Generic only here, inlined and specialised where it is called: the rest takes the key
    // path as it is, which unspecialised generic code would walk through its metadata.
    if let layout = keptLayout(of: keyPath, root: root, value: value) { return layout }
    return keep(
      ChildLayout(
        analysis: CaseAnalysis.checked(root: root, value: value, at: site),
        offset: MemoryLayout<State>.offset(of: keyPath)),
      of: keyPath, root: root, value: value)
  }

  /// What this thread keeps for `keyPath` and the action case, if it has it.
  @usableFromInline
  static func keptLayout(of keyPath: AnyKeyPath, root: Any.Type, value: Any.Type) -> ChildLayout? {
    let (entry, key) = offsetEntry(of: keyPath, root: root, value: value)
    guard entry.pointee.id == key.id, entry.pointee.root == key.root,
      entry.pointee.value == key.value
    else { return nil }
    return entry.pointee.layout
  }

  /// Keeps `layout` for `keyPath` and the action case, taking its slot, and returns it.
  @usableFromInline
  static func keep(
    _ layout: ChildLayout, of keyPath: AnyKeyPath, root: Any.Type, value: Any.Type
  ) -> ChildLayout {
    let (entry, key) = offsetEntry(of: keyPath, root: root, value: value)
    entry.pointee.keyPath?.release()
    entry.pointee = OffsetEntry(
      id: key.id, root: key.root, value: key.value, keyPath: Unmanaged.passRetained(keyPath),
      layout: layout)
    return layout
  }

  /// The slot of this thread's cache for `keyPath` and the action case, and the identities
  /// that key it.
  private static func offsetEntry(
    of keyPath: AnyKeyPath, root: Any.Type, value: Any.Type
  ) -> (
    entry: UnsafeMutablePointer<OffsetEntry>,
    key: (id: ObjectIdentifier, root: ObjectIdentifier, value: ObjectIdentifier)
  ) {
    let key = (
      id: ObjectIdentifier(keyPath), root: ObjectIdentifier(root), value: ObjectIdentifier(value)
    )
    let entry =
      current._withUnsafeGuaranteedRef { $0.offsets } + slot(key.id, key.root, key.value)
    return (entry, key)
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

/// What a `Scope` or `forEach` learns once per key path and action case: the analysis of its
/// action case and where the child's state (or the array of elements) is stored in the state.
@usableFromInline
struct ChildLayout {
  /// Accepted: ``CaseAnalysis/checked(root:value:at:)`` returned it.
  @usableFromInline let analysis: Unmanaged<CaseAnalysis>
  /// Where the child's state is stored in the state, as `MemoryLayout.offset(of:)` says of the
  /// key path: nil unless the path is made of stored properties.
  @usableFromInline let offset: Int?

  @inlinable
  init(analysis: Unmanaged<CaseAnalysis>, offset: Int?) {
    self.analysis = analysis
    self.offset = offset
  }
}

/// How a root store learns that its reducer runs through `body`, so that it can build the body
/// once instead of for every action.
///
/// Only the default ``Reducer/reduce(into:action:)`` of a reducer with a body runs its body; a
/// reducer that implements `reduce` itself must be called, its body or not. Which of the two a
/// type has is settled by its conformance, and nothing reads it from outside, so the store
/// asks at its first action: it names its reducer's type on this thread, runs the reducer, and
/// the default `reduce` of that very type, if that is what runs, offers a function that runs
/// the body it built. A type with its own `reduce` never reaches the default one (no call can
/// reach another type's witness for it), so an offer proves the default is the witness.
@usableFromInline
enum BuiltBody {
  /// Runs `reduce` (a store's first action) and returns its effect with what the default
  /// `reduce` of `reducer` offered meanwhile, if it ran.
  @usableFromInline
  static func probing<Effect>(
    _ reducer: ObjectIdentifier, _ reduce: () -> Effect
  ) -> (effect: Effect, offered: AnyObject?) {
    let cache = CaseAnalysisThreadCache.current.takeUnretainedValue()
    // A store made and sent to by this reducer (a test, say) probes for its own; put back ours.
    let outer = (cache.probedReducer, cache.offeredBody)
    cache.probedReducer = reducer
    cache.offeredBody = nil
    let effect = reduce()
    let offered = cache.offeredBody
    (cache.probedReducer, cache.offeredBody) = outer
    return (effect, offered)
  }

  /// Whether a store on this thread is learning how `reducer` runs: called by the default
  /// `reduce`, which then offers its body.
  @usableFromInline
  static func isProbing(_ reducer: Any.Type) -> Bool {
    let cache = CaseAnalysisThreadCache.current
    return cache._withUnsafeGuaranteedRef { $0.probedReducer == ObjectIdentifier(reducer) }
  }

  /// Offers, from the default `reduce`, a function running the body it built. The first offer
  /// counts, and ends the probe: a body holding a reducer of its own type (a tree of features)
  /// runs the default `reduce` again for that one, which is not the store's.
  @usableFromInline
  static func offer(_ runBody: AnyObject) {
    let cache = CaseAnalysisThreadCache.current.takeUnretainedValue()
    cache.offeredBody = runBody
    cache.probedReducer = nil
  }

  /// A body built once, for the ``Runner`` that runs it.
  ///
  /// A variable, run in place through ``Reducer/_reduce(into:action:)``: a body captured by a
  /// closure, or kept in a constant, is copied out for each call (for a `body` of five
  /// `Scope`s, a thousand bytes), and a `Scope` in it could not keep what it learns.
  @usableFromInline
  final class Box<Body> {
    /// Unchecked exclusivity: only its runner touches it, through ``run(_:into:action:)``, and
    /// a store runs one action at a time (an action sent meanwhile is queued), so no two
    /// accesses overlap.
    @usableFromInline @exclusivity(unchecked) var body: Body

    @inlinable
    init(_ body: Body) {
      self.body = body
    }
  }

  /// Runs `body` in place (see ``Box``).
  @inlinable
  static func run<Body: Reducer>(
    _ body: inout Body, into state: inout Body.State, action: Body.Action
  ) -> Effect<Body.Action> {
    body._reduce(into: &state, action: action)
  }

  /// A function running a body built once, in a class of its own, so that a store calls it
  /// through an unmanaged reference: a closure in a variable would be retained and released
  /// around every call.
  @usableFromInline
  final class Runner<State, Action> {
    @usableFromInline let run: (inout State, Action) -> Effect<Action>

    @inlinable
    init(_ run: @escaping (inout State, Action) -> Effect<Action>) {
      self.run = run
    }
  }
}

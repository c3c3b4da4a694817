/// What changed in an ``IdentifiedArray`` since a version, so that row stores can be updated in
/// proportion to the change rather than to the length of the array.
///
/// The log is a bounded ring of the latest changes, numbered by generation within a *lineage*.
/// A lineage is one run of in-place edits: copying an array and editing the copy (or replacing it)
/// starts a new one, because the copy's history no longer follows the original's. A reader that
/// remembers the ``Version`` it last saw gets the changes since, or nil when it must compare
/// everything (a new lineage, or more changes than the ring holds).
@usableFromInline
struct ChangeLog<ID: Hashable> {
  /// A point in an array's history.
  @usableFromInline
  typealias Version = ChangeLogVersion

  @usableFromInline
  enum Change {
    /// The element with this id may have changed; its position did not.
    case updated(ID)
    /// The element with this id was inserted at this offset, of the array as the changes before
    /// left it.
    case inserted(ID, at: Int)
    /// The element with this id was removed from this offset, of the array as the changes
    /// before left it.
    case removed(ID, at: Int)
    /// The same elements, unchanged, in another order (a move, sort, swap, reversal or
    /// shuffle): readers take the new order from the array.
    case reordered
    /// Anything else (a bulk edit of more elements than the log holds): readers compare
    /// everything.
    case reset
  }

  /// At most this many changes are kept; a reader further behind compares everything.
  @inlinable
  static var capacity: Int { 64 }

  @usableFromInline var lineage = Lineage()
  @usableFromInline var generation: UInt64 = 0
  @usableFromInline var ring: ContiguousArray<Change> = []
  /// Where the oldest change sits in `ring` once it is full.
  @usableFromInline var start = 0

  @inlinable
  init() {}

  @inlinable
  var version: Version {
    Version(lineage: lineage.id, generation: generation)
  }

  /// Records a change made in place.
  @inlinable
  mutating func record(_ change: Change) {
    if !isKnownUniquelyReferenced(&lineage) {
      // Another copy of this array shares the history so far; from here the two differ.
      self = ChangeLog()
    }
    generation += 1
    if ring.count < Self.capacity {
      ring.append(change)
    } else {
      ring[start] = change
      start = (start + 1) % Self.capacity
    }
  }

  /// The changes made after `version`, oldest first; nil when they are not all known.
  @inlinable
  func changes(since version: Version) -> Changes? {
    guard version.lineage == lineage.id, version.generation <= generation else { return nil }
    let count = Int(generation - version.generation)
    guard count <= ring.count else { return nil }
    return Changes(ring: ring, start: start, count: count)
  }

  /// The latest changes of a log, read in place rather than copied into an array: this runs on
  /// every send that touches a list.
  @usableFromInline
  struct Changes: RandomAccessCollection {
    @usableFromInline let ring: ContiguousArray<Change>
    @usableFromInline let start: Int
    @usableFromInline let count: Int

    @inlinable
    init(ring: ContiguousArray<Change>, start: Int, count: Int) {
      self.ring = ring
      self.start = start
      self.count = count
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    /// The change at `position`, oldest first.
    @inlinable
    subscript(position: Int) -> Change {
      ring[(start + ring.count - count + position) % ring.count]
    }
  }
}

/// A point in an array's history: ``ChangeLog/Version``, a type of its own because it does not
/// depend on the ids' type, so the row stores' unspecialised code compares versions without
/// looking up generic metadata on every send.
@usableFromInline
struct ChangeLogVersion: Equatable, Sendable {
  @usableFromInline var lineage: UInt64
  @usableFromInline var generation: UInt64

  @inlinable
  init(lineage: UInt64, generation: UInt64) {
    self.lineage = lineage
    self.generation = generation
  }
}

/// Where the version of an array is stored inside a value that holds the array at a path of
/// stored properties: the byte offsets of its lineage and generation.
///
/// Reading through it touches no generic type, so it costs the same in unspecialised code as in
/// specialised code: the row stores read it after every change of their parent.
struct ChangeLogVersionLayout {
  let lineage: Int
  let generation: Int

  /// The layout for the array at `path` in `Root`, or nil when the path is not made of stored
  /// properties (then there is no fixed place to read).
  init?<Root, ID: Hashable, Element>(
    of path: KeyPath<Root, IdentifiedArray<ID, Element>>, in root: Root.Type
  ) {
    guard let array = MemoryLayout<Root>.offset(of: path),
      let log = MemoryLayout<IdentifiedArray<ID, Element>>.offset(of: \.log),
      let lineage = MemoryLayout<ChangeLog<ID>>.offset(of: \.lineage),
      let generation = MemoryLayout<ChangeLog<ID>>.offset(of: \.generation)
    else { return nil }
    self.lineage = array + log + lineage
    self.generation = array + log + generation
  }

  /// The version of the array inside the value at `root`.
  ///
  /// Safe because the offsets come from `MemoryLayout.offset(of:)` on stored properties: a
  /// `Lineage` reference and a `UInt64` are stored there, aligned, for as long as the value is.
  func version<Root>(in root: UnsafeMutablePointer<Root>) -> ChangeLogVersion {
    let raw = UnsafeRawPointer(root)
    return ChangeLogVersion(
      lineage: raw.load(fromByteOffset: lineage, as: Lineage.self).id,
      generation: raw.load(fromByteOffset: generation, as: UInt64.self))
  }
}

extension ChangeLog: Sendable where ID: Sendable {}
extension ChangeLog.Change: Sendable where ID: Sendable {}

/// The identity of a lineage: a number, not an object address, so that a freed lineage's address
/// being reused can never make two histories look like one.
@usableFromInline
final class Lineage: Sendable {
  private static let counter = Locked<UInt64>(0)

  @usableFromInline let id: UInt64

  @usableFromInline
  init() {
    id = Self.counter.withLock {
      $0 += 1
      return $0
    }
  }
}

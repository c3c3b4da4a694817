/// The hash table behind ``IdentifiedArray``'s access by id: for each id, the offset of its
/// element.
///
/// A `Dictionary<ID, Int>` would find offsets as fast, but inserting or removing an element moves
/// every element after it, and correcting a dictionary's offsets one by one hashes every id that
/// moved: 9 ms to remove the first of 100,000 rows. This table keeps offsets only, in buckets of
/// its own (open addressing with linear probing), and compares ids through the array's `ids`.
/// Moving offsets is then one pass over a buffer of 32-bit integers, which the compiler
/// vectorises, and costs about what `Array` pays to move its elements; when only a few elements
/// move, their buckets are corrected one by one instead.
///
/// Each bucket holds an offset plus one, or 0 when empty. The bucket count is zero (for an empty
/// array) or a power of two, and at most three quarters of the buckets are in use.
@usableFromInline
struct OffsetTable: Sendable {
  @usableFromInline var buckets: [Int32]

  /// An empty table.
  @inlinable
  init() {
    buckets = []
  }

  /// A table of `ids`, which must be unique, with room for at least `capacity` ids.
  @inlinable
  init<ID: Hashable>(uniqueIDs ids: [ID], capacity: Int = 0) {
    buckets = []
    rebuild(uniqueIDs: ids, capacity: capacity)
  }

  /// How many buckets hold `count` ids at most three quarters full.
  @inlinable
  static func bucketCount(for count: Int) -> Int {
    guard count > 0 else { return 0 }
    precondition(
      count < Int(Int32.max), "IdentifiedArray: more than \(Int32.max - 1) elements.")
    var size = 8
    while size &* 3 < count &* 4 { size &<<= 1 }
    return size
  }

  /// Whether the table must grow before it holds `count` ids.
  @inlinable
  func needsGrowth(toHold count: Int) -> Bool {
    buckets.count &* 3 < count &* 4
  }

  /// Replaces the contents with `ids`, which must be unique.
  @inlinable
  mutating func rebuild<ID: Hashable>(uniqueIDs ids: [ID], capacity: Int = 0) {
    let size = Self.bucketCount(for: Swift.max(ids.count, capacity))
    if buckets.count == size {
      buckets.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    } else {
      buckets = [Int32](repeating: 0, count: size)
    }
    guard size > 0 else { return }
    let mask = size &- 1
    buckets.withUnsafeMutableBufferPointer { buckets in
      for offset in ids.indices {
        var bucket = ids[offset].hashValue & mask
        while buckets[bucket] != 0 { bucket = (bucket &+ 1) & mask }
        buckets[bucket] = Int32(truncatingIfNeeded: offset &+ 1)
      }
    }
  }

  /// The bucket of `id` and its offset, or, when `id` is absent, the empty bucket where it
  /// belongs and nil. The table must not be empty.
  @inlinable
  func find<ID: Hashable>(_ id: ID, in ids: [ID]) -> (bucket: Int, offset: Int?) {
    let mask = buckets.count &- 1
    var bucket = id.hashValue & mask
    while true {
      let stored = Int(buckets[bucket])
      if stored == 0 { return (bucket, nil) }
      if ids[stored &- 1] == id { return (bucket, stored &- 1) }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// The offset of `id`, or nil when it is absent.
  @inlinable
  func offset<ID: Hashable>(of id: ID, in ids: [ID]) -> Int? {
    buckets.isEmpty ? nil : find(id, in: ids).offset
  }

  /// The bucket holding `offset`, whose id is `id`: found by probing from the id's hash and
  /// comparing offsets, not ids.
  @inlinable
  func bucket<ID: Hashable>(holding offset: Int, id: ID) -> Int {
    let mask = buckets.count &- 1
    let stored = Int32(truncatingIfNeeded: offset &+ 1)
    var bucket = id.hashValue & mask
    while buckets[bucket] != stored {
      // Every id of the array is in the table; an empty bucket here is a broken invariant.
      precondition(buckets[bucket] != 0, "IdentifiedArray: the id table lost offset \(offset).")
      bucket = (bucket &+ 1) & mask
    }
    return bucket
  }

  /// Stores `offset` in `bucket`, an empty bucket that `find` returned.
  @inlinable
  mutating func insert(_ offset: Int, at bucket: Int) {
    buckets[bucket] = Int32(truncatingIfNeeded: offset &+ 1)
  }

  /// Empties `bucket`, moving back the entries after it that probing would otherwise no longer
  /// reach. `ids` must still hold every id at the offset the table has for it.
  @inlinable
  mutating func remove<ID: Hashable>(bucket: Int, ids: [ID]) {
    let mask = buckets.count &- 1
    var hole = bucket
    var next = (bucket &+ 1) & mask
    while buckets[next] != 0 {
      let ideal = ids[Int(buckets[next]) &- 1].hashValue & mask
      // The entry may fill the hole unless its ideal bucket lies after the hole, up to `next`.
      if (next &- ideal) & mask >= (next &- hole) & mask {
        buckets[hole] = buckets[next]
        hole = next
      }
      next = (next &+ 1) & mask
    }
    buckets[hole] = 0
  }

  /// Adds `delta` to the offsets of the elements in `moving`, which runs to the end of the
  /// array; `ids` holds their ids at their offsets before the move.
  @inlinable
  mutating func move<ID: Hashable>(_ moving: Range<Int>, by delta: Int, ids: [ID]) {
    guard !moving.isEmpty else { return }
    // A few elements: correct their buckets one by one, a hash each. Many: one pass over all
    // buckets, a few instructions each, so this never costs more than moving the elements.
    if moving.count &* 32 < buckets.count {
      // All buckets are found before any changes: a changed offset could otherwise equal one
      // still to find, and the probe for that one stop at the wrong bucket.
      let found = moving.map { bucket(holding: $0, id: ids[$0]) }
      let change = Int32(truncatingIfNeeded: delta)
      for bucket in found { buckets[bucket] &+= change }
      return
    }
    let threshold = Int32(truncatingIfNeeded: moving.lowerBound &+ 1)
    let change = Int32(truncatingIfNeeded: delta)
    buckets.withUnsafeMutableBufferPointer { buckets in
      for index in buckets.indices {
        let stored = buckets[index]
        // Empty buckets hold 0, below any threshold.
        buckets[index] = stored >= threshold ? stored &+ change : stored
      }
    }
  }

  /// Gives the offsets of `span` their places after a rotation that brings the element at
  /// `middle` to the front of `span`: offsets before `middle` move back by
  /// `span.upperBound - middle`, the others forward by `middle - span.lowerBound`. `ids` holds
  /// the ids at their offsets before the rotation.
  @inlinable
  mutating func rotate<ID: Hashable>(_ span: Range<Int>, middle: Int, ids: [ID]) {
    let back = span.upperBound &- middle
    let front = middle &- span.lowerBound
    if span.count &* 32 < buckets.count {
      let found = span.map { bucket(holding: $0, id: ids[$0]) }
      for (offset, bucket) in zip(span, found) {
        let moved = offset < middle ? offset &+ back : offset &- front
        buckets[bucket] = Int32(truncatingIfNeeded: moved &+ 1)
      }
      return
    }
    // Stored values are offsets plus one: (low, pivot] is the front part, (pivot, pivot + back]
    // the back part; empty buckets (0) and offsets outside `span` stay. Unsigned comparisons
    // test both ends at once, and selects instead of branches let the loop vectorise.
    let low = Int32(truncatingIfNeeded: span.lowerBound &+ 1)
    let pivot = Int32(truncatingIfNeeded: middle &+ 1)
    let frontCount = UInt32(truncatingIfNeeded: front)
    let backCount = UInt32(truncatingIfNeeded: back)
    let backward = Int32(truncatingIfNeeded: back)
    let forward = Int32(truncatingIfNeeded: front)
    buckets.withUnsafeMutableBufferPointer { buckets in
      for index in buckets.indices {
        let stored = buckets[index]
        let inFront = UInt32(bitPattern: stored &- low) < frontCount
        let inBack = UInt32(bitPattern: stored &- pivot) < backCount
        buckets[index] = stored &+ (inFront ? backward : 0) &- (inBack ? forward : 0)
      }
    }
  }

  /// Replaces each offset `o` with `newOffsetsPlusOne[o] - 1`.
  @inlinable
  mutating func remap(_ newOffsetsPlusOne: [Int32]) {
    newOffsetsPlusOne.withUnsafeBufferPointer { map in
      buckets.withUnsafeMutableBufferPointer { buckets in
        for index in buckets.indices where buckets[index] != 0 {
          let old = Int(buckets[index]) &- 1
          // Checked even in release builds: the buffer's own check is debug-only.
          precondition(UInt(bitPattern: old) < UInt(map.count), "IdentifiedArray: bad offset.")
          buckets[index] = map[old]
        }
      }
    }
  }

  /// Replaces each offset `o` of an array of `count` elements with `count - 1 - o`.
  @inlinable
  mutating func reverse(count: Int) {
    let top = Int32(truncatingIfNeeded: count &+ 1)
    buckets.withUnsafeMutableBufferPointer { buckets in
      for index in buckets.indices {
        let stored = buckets[index]
        buckets[index] = stored == 0 ? 0 : top &- stored
      }
    }
  }
}

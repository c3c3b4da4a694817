import Foundation

// The reorderings of `MutableCollection` that keep every element (and so every id): named and
// behaving as `Array`'s and swift-identified-collections'. Each logs one `.reordered` change,
// so row stores keep their identity and only the order is read again.

extension IdentifiedArray {
  /// Exchanges the elements at two positions.
  ///
  /// ```swift
  /// todos.swapAt(0, 2)
  /// ```
  ///
  /// - Parameters:
  ///   - i: A valid position in the array.
  ///   - j: Another valid position; the same as `i` changes nothing.
  /// - Complexity: O(1): a hash of each id.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    let count = _ids.count
    precondition(
      i >= 0 && i < count && j >= 0 && j < count,
      "IdentifiedArray: swapAt(\(i), \(j)) is out of range 0..<\(count).")
    guard i != j else { return }
    let bucketOfI = table.bucket(holding: i, id: _ids[i])
    let bucketOfJ = table.bucket(holding: j, id: _ids[j])
    table.buckets.swapAt(bucketOfI, bucketOfJ)
    _ids.swapAt(i, j)
    _elements.swapAt(i, j)
    log.record(.reordered)
  }

  /// Reverses the order of the elements.
  ///
  /// ```swift
  /// todos.reverse()
  /// ```
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func reverse() {
    guard _ids.count > 1 else { return }
    table.reverse(count: _ids.count)
    _ids.reverse()
    _elements.reverse()
    log.record(.reordered)
  }

  /// Sorts the elements in place by a predicate.
  ///
  /// ```swift
  /// todos.sort { $0.title < $1.title }
  /// ```
  ///
  /// Like `Array`'s, the sort is not guaranteed to be stable.
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument comes first; a
  ///   strict weak ordering. When it throws, the array is left unchanged.
  /// - Complexity: O(`count` log `count`).
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    // Sorting positions rather than elements leaves the array untouched until the order is
    // known, and tells where each id went without hashing it again.
    var order = Array(_elements.indices)
    // The elements are read in place, not copied for each comparison. `order` holds each
    // position of the buffer once, so every read is in bounds.
    try _elements.withUnsafeBufferPointer { elements in
      try order.sort { try areInIncreasingOrder(elements[$0], elements[$1]) }
    }
    reorder(order)
  }

  /// Reorders the elements randomly.
  ///
  /// ```swift
  /// todos.shuffle()
  /// ```
  ///
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }

  /// Reorders the elements randomly, drawing from a generator of your own.
  ///
  /// With the same generator state, the order is the one `Array`'s `shuffle(using:)` gives.
  ///
  /// ```swift
  /// todos.shuffle(using: &seededGenerator)
  /// ```
  ///
  /// - Parameter generator: The source of randomness.
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    var order = Array(_elements.indices)
    order.shuffle(using: &generator)
    reorder(order)
  }

  /// Reorders the elements so that those for which a predicate is true come after the others.
  ///
  /// ```swift
  /// let firstDone = todos.partition { $0.isDone }
  /// ```
  ///
  /// Like `Array`'s, it does not keep the order within either group.
  ///
  /// - Parameter belongsInSecondPartition: Returns `true` for an element of the second group.
  ///   When it throws, the array is left unchanged.
  /// - Returns: The position of the first element of the second group, or `endIndex`.
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    var order = Array(_elements.indices)
    let pivot = try _elements.withUnsafeBufferPointer { elements in
      try order.partition { try belongsInSecondPartition(elements[$0]) }
    }
    reorder(order)
    return pivot
  }

  /// Moves the elements at the given positions to just before `destination`, keeping their
  /// order, as SwiftUI's `onMove` reports it.
  ///
  /// ```swift
  /// todos.move(fromOffsets: [0], toOffset: 3)
  /// ```
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move, each within `0..<count`.
  ///   - destination: A position in the array before the move, within `0...count`; the moved
  ///     elements end up just before the element that was there (or at the end).
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let count = _ids.count
    precondition(
      destination >= 0 && destination <= count,
      "IdentifiedArray: destination \(destination) is out of range 0...\(count).")
    guard let first = source.first, let last = source.last else { return }
    precondition(
      first >= 0 && last < count,
      "IdentifiedArray: offsets up to \(last) are out of range 0..<\(count).")
    if source.rangeView.count == 1 {
      // One block: rotating the span between it and the destination moves what must move, as
      // `Array` would with a removal and an insertion.
      let block = first..<last + 1
      if destination < block.lowerBound {
        rotate(destination..<block.upperBound, middle: block.lowerBound)
      } else if destination > block.upperBound {
        rotate(block.lowerBound..<destination, middle: block.upperBound)
      }
      return
    }
    var moving = [Bool](repeating: false, count: count)
    for range in source.rangeView {
      for offset in range { moving[offset] = true }
    }
    var order: [Int] = []
    order.reserveCapacity(count)
    for offset in 0..<destination where !moving[offset] { order.append(offset) }
    for range in source.rangeView { order.append(contentsOf: range) }
    for offset in destination..<count where !moving[offset] { order.append(offset) }
    reorder(order)
  }

  /// Rotates `span` so that the element at `middle` comes first, the elements before it
  /// moving to the end of `span`, in order.
  @inlinable
  mutating func rotate(_ span: Range<Int>, middle: Int) {
    guard span.lowerBound < middle, middle < span.upperBound else { return }
    table.rotate(span, middle: middle, ids: _ids)
    _ids.withUnsafeMutableBufferPointer { Self.rotate($0, span, middle: middle) }
    _elements.withUnsafeMutableBufferPointer { Self.rotate($0, span, middle: middle) }
    log.record(.reordered)
  }

  /// Rotates `span` of `buffer` so that the value at `middle` comes first, by moving memory:
  /// the shorter part goes aside, the longer slides over, the shorter comes back.
  @inlinable
  static func rotate<Value>(
    _ buffer: UnsafeMutableBufferPointer<Value>, _ span: Range<Int>, middle: Int
  ) {
    // Checked even in release builds: the moves below are unchecked.
    precondition(
      span.lowerBound >= 0 && span.lowerBound < middle && middle < span.upperBound
        && span.upperBound <= buffer.count, "IdentifiedArray: bad rotation.")
    let base = buffer.baseAddress!
    let front = middle - span.lowerBound
    let back = span.upperBound - middle
    let aside = UnsafeMutablePointer<Value>.allocate(capacity: Swift.min(front, back))
    defer { aside.deallocate() }
    if front <= back {
      aside.moveInitialize(from: base + span.lowerBound, count: front)
      (base + span.lowerBound).moveInitialize(from: base + middle, count: back)
      (base + span.lowerBound + back).moveInitialize(from: aside, count: front)
    } else {
      aside.moveInitialize(from: base + middle, count: back)
      (base + span.lowerBound + back).moveInitialize(from: base + span.lowerBound, count: front)
      (base + span.lowerBound).moveInitialize(from: aside, count: back)
    }
  }

  /// Puts the element at `order[i]` at position `i`, for every `i`; `order` is a permutation
  /// of the positions. Logs nothing when it leaves every element where it was.
  @inlinable
  mutating func reorder(_ order: [Int]) {
    guard order.indices.contains(where: { order[$0] != $0 }) else { return }
    var newOffsetsPlusOne = [Int32](repeating: 0, count: order.count)
    for (newOffset, oldOffset) in order.enumerated() {
      newOffsetsPlusOne[oldOffset] = Int32(truncatingIfNeeded: newOffset + 1)
    }
    table.remap(newOffsetsPlusOne)
    _ids = order.map { _ids[$0] }
    _elements = order.map { _elements[$0] }
    log.record(.reordered)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place, smallest first.
  ///
  /// ```swift
  /// scores.sort()
  /// ```
  ///
  /// - Complexity: O(`count` log `count`).
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}

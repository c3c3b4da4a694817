import Foundation

// Removals, named and behaving as `Array`'s (and swift-identified-collections'), each one pass
// over the array however many elements it removes.

extension IdentifiedArray {
  /// Removes the element with the given id.
  ///
  /// ```swift
  /// todos.remove(id: 1)   // the removed todo, or nil
  /// ```
  ///
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or nil when no element had that id.
  /// - Complexity: O(`count - index`), plus one hash of the id.
  @discardableResult
  @inlinable
  public mutating func remove(id: ID) -> Element? {
    guard let offset = table.offset(of: id, in: _ids) else { return nil }
    return remove(at: offset)
  }

  /// Removes the element that has the same id as `element`.
  ///
  /// ```swift
  /// todos.remove(milk)
  /// ```
  ///
  /// - Parameter element: An element whose id names the element to remove.
  /// - Returns: The removed element (the array's, which may differ from `element` in other
  ///   properties), or nil when no element had that id.
  @discardableResult
  @inlinable
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: id(element))
  }

  /// Removes the element at a position.
  ///
  /// ```swift
  /// todos.remove(at: 0)
  /// ```
  ///
  /// - Parameter offset: The position of the element to remove.
  /// - Returns: The removed element.
  /// - Complexity: O(`count - offset`).
  @discardableResult
  @inlinable
  public mutating func remove(at offset: Int) -> Element {
    let count = _ids.count
    precondition(
      offset >= 0 && offset < count,
      "IdentifiedArray: offset \(offset) is out of range 0..<\(count).")
    let id = _ids[offset]
    table.remove(bucket: table.bucket(holding: offset, id: id), ids: _ids)
    table.move(offset + 1..<count, by: -1, ids: _ids)
    _ids.remove(at: offset)
    let element = _elements.remove(at: offset)
    log.record(.removed(id, at: offset))
    return element
  }

  /// Removes the first element.
  ///
  /// ```swift
  /// let oldest = todos.removeFirst()
  /// ```
  ///
  /// - Returns: The removed element.
  /// - Precondition: The array is not empty.
  /// - Complexity: O(`count`).
  @discardableResult
  @inlinable
  public mutating func removeFirst() -> Element {
    precondition(!_ids.isEmpty, "IdentifiedArray: removeFirst() on an empty array.")
    return remove(at: 0)
  }

  /// Removes the first `k` elements.
  ///
  /// ```swift
  /// todos.removeFirst(2)
  /// ```
  ///
  /// - Parameter k: How many elements to remove.
  /// - Precondition: `k` is within `0...count`.
  /// - Complexity: O(`count`).
  @inlinable
  public mutating func removeFirst(_ k: Int) {
    precondition(
      k >= 0 && k <= _ids.count,
      "IdentifiedArray: cannot remove the first \(k) of \(_ids.count) elements.")
    removeSubrange(0..<k)
  }

  /// Removes the last element.
  ///
  /// ```swift
  /// let newest = todos.removeLast()
  /// ```
  ///
  /// - Returns: The removed element.
  /// - Precondition: The array is not empty.
  /// - Complexity: O(1): one hash of the id.
  @discardableResult
  @inlinable
  public mutating func removeLast() -> Element {
    precondition(!_ids.isEmpty, "IdentifiedArray: removeLast() on an empty array.")
    return remove(at: _ids.count - 1)
  }

  /// Removes the last `k` elements.
  ///
  /// ```swift
  /// todos.removeLast(2)
  /// ```
  ///
  /// - Parameter k: How many elements to remove.
  /// - Precondition: `k` is within `0...count`.
  /// - Complexity: O(`k`).
  @inlinable
  public mutating func removeLast(_ k: Int) {
    precondition(
      k >= 0 && k <= _ids.count,
      "IdentifiedArray: cannot remove the last \(k) of \(_ids.count) elements.")
    removeSubrange(_ids.count - k..<_ids.count)
  }

  /// Removes the elements in a range of positions.
  ///
  /// ```swift
  /// todos.removeSubrange(1..<3)
  /// ```
  ///
  /// - Parameter bounds: The positions to remove, within `0...count`.
  /// - Complexity: O(`count - bounds.lowerBound`).
  @inlinable
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    let count = _ids.count
    precondition(
      bounds.lowerBound >= 0 && bounds.upperBound <= count,
      "IdentifiedArray: range \(bounds) is out of range 0..<\(count).")
    let removed = bounds.count
    guard removed > 0 else { return }
    // From the back, so that each offset is still right after the removals logged before it.
    logRemovals(count: removed, offsets: bounds.reversed())
    if Self.removalsRebuildTable(removed: removed, of: count) {
      _ids.removeSubrange(bounds)
      _elements.removeSubrange(bounds)
      table.rebuild(uniqueIDs: _ids)
    } else {
      for offset in bounds {
        table.remove(bucket: table.bucket(holding: offset, id: _ids[offset]), ids: _ids)
      }
      table.move(bounds.upperBound..<count, by: -removed, ids: _ids)
      _ids.removeSubrange(bounds)
      _elements.removeSubrange(bounds)
    }
  }

  /// Removes the elements in a range of positions, written as any range expression.
  ///
  /// ```swift
  /// todos.removeSubrange(2...)
  /// ```
  ///
  /// - Parameter bounds: The positions to remove.
  /// - Complexity: O(`count - bounds.lowerBound`).
  @inlinable
  public mutating func removeSubrange(_ bounds: some RangeExpression<Int>) {
    removeSubrange(bounds.relative(to: self))
  }

  /// Removes every element.
  ///
  /// ```swift
  /// todos.removeAll()
  /// ```
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for as many elements as there were.
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    guard !_ids.isEmpty else { return }
    logRemovals(count: _ids.count, offsets: _ids.indices.reversed())
    let capacity = keepCapacity ? _ids.count : 0
    _ids.removeAll(keepingCapacity: keepCapacity)
    _elements.removeAll(keepingCapacity: keepCapacity)
    table.rebuild(uniqueIDs: _ids, capacity: capacity)
  }

  /// Removes the elements for which a predicate is true, keeping the order of the others.
  ///
  /// ```swift
  /// todos.removeAll { $0.isDone }
  /// ```
  ///
  /// - Parameter shouldBeRemoved: Returns `true` for an element to remove. When it throws, the
  ///   array is left unchanged.
  /// - Complexity: O(`count`): one pass, however many elements it removes.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var marks = [Bool](repeating: false, count: _elements.count)
    var removed = 0
    for offset in _elements.indices where try shouldBeRemoved(_elements[offset]) {
      marks[offset] = true
      removed += 1
    }
    removeMarked(marks, count: removed)
  }

  /// Removes the elements at the given positions, as SwiftUI's `onDelete` reports them.
  ///
  /// ```swift
  /// todos.remove(atOffsets: [0, 2])
  /// ```
  ///
  /// - Parameter offsets: The positions of the elements to remove, each within `0..<count`.
  /// - Complexity: O(`count`): one pass, however many elements it removes.
  @inlinable
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard let first = offsets.first, let last = offsets.last else { return }
    precondition(
      first >= 0 && last < _ids.count,
      "IdentifiedArray: offsets up to \(last) are out of range 0..<\(_ids.count).")
    var marks = [Bool](repeating: false, count: _ids.count)
    for range in offsets.rangeView {
      for offset in range { marks[offset] = true }
    }
    removeMarked(marks, count: offsets.count)
  }

  /// The elements for which a predicate is true, in order, as an identified array.
  ///
  /// ```swift
  /// let pending = todos.filter { !$0.isDone }
  /// ```
  ///
  /// The result has a history of its own: assigning it back (`todos = todos.filter …`) replaces
  /// the array, which row stores answer by comparing every row once. To keep the edit in the
  /// history, remove in place with ``removeAll(where:)``.
  ///
  /// - Parameter isIncluded: Returns `true` for an element to keep.
  /// - Returns: The elements kept.
  /// - Complexity: O(`count`).
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(id: id)
    for offset in _elements.indices where try isIncluded(_elements[offset]) {
      result._ids.append(_ids[offset])
      result._elements.append(_elements[offset])
    }
    result.table.rebuild(uniqueIDs: result._ids)
    return result
  }

  /// Removes the elements whose offset `marks` marks, `removed` of them, in one pass.
  @inlinable
  mutating func removeMarked(_ marks: [Bool], count removed: Int) {
    guard removed > 0 else { return }
    let count = _ids.count
    logRemovals(count: removed, offsets: marks.indices.reversed().lazy.filter { marks[$0] })
    let rebuildsTable = Self.removalsRebuildTable(removed: removed, of: count)
    if !rebuildsTable {
      // Each removed id leaves the table while the ids are still where the table says; then
      // the others take their new offsets in one pass.
      var newOffsetsPlusOne = [Int32](repeating: 0, count: count)
      var next: Int32 = 1
      for offset in 0..<count {
        if marks[offset] {
          table.remove(bucket: table.bucket(holding: offset, id: _ids[offset]), ids: _ids)
        } else {
          newOffsetsPlusOne[offset] = next
          next += 1
        }
      }
      table.remap(newOffsetsPlusOne)
    }
    // The kept elements move down over the removed ones, which end up at the back.
    _elements.withUnsafeMutableBufferPointer { elements in
      _ids.withUnsafeMutableBufferPointer { ids in
        var kept = 0
        for offset in 0..<count where !marks[offset] {
          if kept != offset {
            elements.swapAt(kept, offset)
            ids.swapAt(kept, offset)
          }
          kept += 1
        }
      }
    }
    _elements.removeLast(removed)
    _ids.removeLast(removed)
    if rebuildsTable { table.rebuild(uniqueIDs: _ids) }
  }

  /// Logs the removal of the `count` elements at `offsets`, last first, before they are
  /// removed; or a reset when there are more than the log holds.
  @inlinable
  mutating func logRemovals(count: Int, offsets: some Sequence<Int>) {
    guard count <= ChangeLog<ID>.capacity else {
      log.record(.reset)
      return
    }
    for offset in offsets { log.record(.removed(_ids[offset], at: offset)) }
  }

  /// Whether removing `removed` of `count` elements rehashes the ids that stay rather than
  /// taking the removed ones out: about a hash per element either way, whichever is fewer.
  @inlinable
  static func removalsRebuildTable(removed: Int, of count: Int) -> Bool {
    removed * 4 > count - removed
  }
}

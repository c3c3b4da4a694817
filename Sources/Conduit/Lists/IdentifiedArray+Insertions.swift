// Insertions and replacements, named and behaving as in swift-identified-collections: an element
// whose id is already present is never added a second time.

extension IdentifiedArray {
  /// Adds an element at the end, unless an element with its id is already present.
  ///
  /// ```swift
  /// todos.append(Todo(id: 3, title: "Bread"))   // (inserted: true, index: 2)
  /// todos.append(Todo(id: 1, title: "Oat"))     // (inserted: false, index: 0): unchanged
  /// ```
  ///
  /// Use ``updateOrAppend(_:)`` to replace an element that is present.
  ///
  /// - Parameter element: The element to add.
  /// - Returns: Whether the element was added, and the position of the element with its id.
  /// - Complexity: Amortized O(1): one hash of the id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: _ids.count)
  }

  /// Inserts an element at a position, unless an element with its id is already present.
  ///
  /// ```swift
  /// todos.insert(Todo(id: 4, title: "Jam"), at: 0)   // (inserted: true, index: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - offset: The position of the new element; elements from there move up by one.
  /// - Returns: Whether the element was inserted, and the position of the element with its id:
  ///   `offset`, or where the element already present is.
  /// - Precondition: `offset` is within `0...count`.
  /// - Complexity: O(`count - offset`), plus one hash of the id.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
    let count = _ids.count
    precondition(
      offset >= 0 && offset <= count,
      "IdentifiedArray: offset \(offset) is out of range 0...\(count).")
    let id = self.id(element)
    if table.needsGrowth(toHold: count + 1) {
      if let existing = table.offset(of: id, in: _ids) { return (false, existing) }
      _ids.insert(id, at: offset)
      _elements.insert(element, at: offset)
      table.rebuild(uniqueIDs: _ids)
    } else {
      let (bucket, existing) = table.find(id, in: _ids)
      if let existing { return (false, existing) }
      table.move(offset..<count, by: 1, ids: _ids)
      table.insert(offset, at: bucket)
      _ids.insert(id, at: offset)
      _elements.insert(element, at: offset)
    }
    log.record(.inserted(id, at: offset))
    return (true, offset)
  }

  /// Adds the elements of a sequence at the end, in order, leaving out those whose id is
  /// already present.
  ///
  /// ```swift
  /// todos.append(contentsOf: loaded)
  /// ```
  ///
  /// - Parameter newElements: The elements to add.
  /// - Complexity: O(k) for k new elements: one hash each.
  @inlinable
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    reserveCapacity(_ids.count + newElements.underestimatedCount)
    for element in newElements { append(element) }
  }

  /// Replaces the element with the same id, where it is, or appends the element when its id is
  /// new.
  ///
  /// ```swift
  /// todos.updateOrAppend(Todo(id: 1, title: "Oat milk"))   // returns the old milk
  /// ```
  ///
  /// - Parameter element: The new value.
  /// - Returns: The element it replaced, or nil when it was appended.
  /// - Complexity: Amortized O(1): one hash of the id.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    updateOrInsert(element, at: _ids.count).originalMember
  }

  /// Replaces the element with the same id, where it is, or inserts the element at a position
  /// when its id is new.
  ///
  /// ```swift
  /// todos.updateOrInsert(Todo(id: 9, title: "Tea"), at: 0)   // (originalMember: nil, index: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The new value.
  ///   - offset: Where to insert it when its id is new; elements from there move up by one.
  /// - Returns: The element it replaced (nil when it was inserted), and its position.
  /// - Precondition: `offset` is within `0...count`.
  /// - Complexity: O(1) for a replacement; O(`count - offset`) for an insertion.
  @inlinable
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element, at offset: Int
  ) -> (originalMember: Element?, index: Int) {
    let id = self.id(element)
    if let existing = table.offset(of: id, in: _ids) {
      let original = _elements[existing]
      _elements[existing] = element
      log.record(.updated(id))
      return (original, existing)
    }
    insert(element, at: offset)
    return (nil, offset)
  }

  /// Replaces the element at a position with a new value of the same id.
  ///
  /// ```swift
  /// todos.update(Todo(id: 1, title: "Oat milk"), at: 0)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The new value; its id must be that of the element it replaces.
  ///   - offset: A valid position in the array.
  /// - Returns: The element it replaced.
  /// - Precondition: `element` has the id of the element at `offset`.
  @inlinable
  @discardableResult
  public mutating func update(_ element: Element, at offset: Int) -> Element {
    let id = _ids[offset]
    precondition(
      self.id(element) == id,
      "IdentifiedArray: the element for offset \(offset) has the id \(self.id(element)), not \(id)."
    )
    let original = _elements[offset]
    _elements[offset] = element
    log.record(.updated(id))
    return original
  }

  /// Makes room for at least `minimumCapacity` elements, so that adding that many does not
  /// allocate again.
  ///
  /// ```swift
  /// todos.reserveCapacity(todos.count + loaded.count)
  /// ```
  ///
  /// - Parameter minimumCapacity: How many elements the array should hold without allocating.
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _ids.reserveCapacity(minimumCapacity)
    _elements.reserveCapacity(minimumCapacity)
    if table.needsGrowth(toHold: minimumCapacity) {
      table.rebuild(uniqueIDs: _ids, capacity: minimumCapacity)
    }
  }
}

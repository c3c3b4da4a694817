import Foundation

/// An ordered collection of elements with unique ids, readable and writable by id in constant
/// time.
///
/// It is the state of a list: `Array`'s order and value semantics, with `Dictionary`'s access by
/// id.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
/// todos.append(Todo(id: 2, title: "Eggs"))
/// todos[id: 1]?.isDone = true
/// todos[id: 2] = nil   // removes it
/// ```
///
/// Ids must be unique: adding an element whose id is already present stops the program with a
/// message naming the id, rather than dropping either element. To replace an element, assign it
/// through ``subscript(id:)``.
///
/// Each array also remembers its latest edits, which is how the row stores of
/// ``Store/scope(state:action:)-6ffi``
/// are updated in proportion to what changed. Editing a copy of an array (while the original is
/// still around) makes the copy start a fresh history, and the stores compare everything once.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var ids_: [ID]
  @usableFromInline var elements: ContiguousArray<Element>
  @usableFromInline var offsets: [ID: Int]
  @usableFromInline var log = ChangeLog<ID>()
  @usableFromInline let id: @Sendable (Element) -> ID

  /// Creates an empty array whose elements are identified by `id`.
  ///
  /// - Parameter id: Returns an element's id, such as `\.id`.
  @inlinable
  public init(id: @escaping @Sendable (Element) -> ID) {
    self.ids_ = []
    self.elements = []
    self.offsets = [:]
    self.id = id
  }

  /// Creates an array from elements whose ids are unique.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - id: Returns an element's id, such as `\.id`.
  /// - Precondition: No two elements share an id.
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>, id: @escaping @Sendable (Element) -> ID
  ) {
    self.init(id: id)
    for element in elements { appendWithoutLogging(element) }
  }

  /// The ids of the elements, in order.
  @inlinable
  public var ids: [ID] { ids_ }

  /// The element with the given id, or nil; setting nil removes it, and setting an element for
  /// an id that is not present appends it.
  ///
  /// ```swift
  /// todos[id: 1]?.isDone.toggle()
  /// ```
  ///
  /// - Parameter id: The id of the element.
  /// - Precondition: A new element's id equals `id`.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      offsets[id].map { elements[$0] }
    }
    set {
      if let newValue {
        precondition(
          self.id(newValue) == id,
          "IdentifiedArray: the element set for id \(id) has the id \(self.id(newValue)).")
        if let offset = offsets[id] {
          elements[offset] = newValue
          log.record(.updated(id))
        } else {
          append(newValue)
        }
      } else {
        remove(id: id)
      }
    }
    _modify {
      guard let offset = offsets[id] else {
        var element: Element?
        yield &element
        if let element { self[id: id] = element }
        return
      }
      var element: Element? = elements[offset]
      yield &element
      if let element {
        precondition(
          self.id(element) == id,
          "IdentifiedArray: an element's id changed from \(id) to \(self.id(element)).")
        elements[offset] = element
        log.record(.updated(id))
      } else {
        remove(id: id)
      }
    }
  }

  /// Whether an element with the given id is present.
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: `true` when an element has that id.
  @inlinable
  public func contains(id: ID) -> Bool {
    offsets[id] != nil
  }

  /// The position of the element with the given id.
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: The element's offset, or nil when no element has that id.
  @inlinable
  public func index(id: ID) -> Int? {
    offsets[id]
  }

  /// Adds an element at the end.
  ///
  /// - Parameter element: The element to add.
  /// - Precondition: No element has the same id.
  @inlinable
  public mutating func append(_ element: Element) {
    appendWithoutLogging(element)
    log.record(.inserted(ids_[ids_.count - 1], at: ids_.count - 1))
  }

  /// Inserts an element at a position.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - offset: The position of the new element; elements from there move up by one.
  /// - Precondition: No element has the same id, and `offset` is within `0...count`.
  @inlinable
  public mutating func insert(_ element: Element, at offset: Int) {
    let id = self.id(element)
    precondition(offsets[id] == nil, Self.duplicateMessage(id))
    precondition((0...count).contains(offset), "IdentifiedArray: offset \(offset) is out of range.")
    ids_.insert(id, at: offset)
    elements.insert(element, at: offset)
    for index in offset..<ids_.count { offsets[ids_[index]] = index }
    log.record(.inserted(id, at: offset))
  }

  /// Removes the element with the given id.
  ///
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or nil when no element had that id.
  @discardableResult
  @inlinable
  public mutating func remove(id: ID) -> Element? {
    guard let offset = offsets[id] else { return nil }
    return remove(at: offset)
  }

  /// Removes the element at a position.
  ///
  /// - Parameter offset: The position of the element to remove.
  /// - Returns: The removed element.
  @discardableResult
  @inlinable
  public mutating func remove(at offset: Int) -> Element {
    let id = ids_.remove(at: offset)
    let element = elements.remove(at: offset)
    offsets[id] = nil
    for index in offset..<ids_.count { offsets[ids_[index]] = index }
    log.record(.removed(id, at: offset))
    return element
  }

  /// Removes the elements at the given positions, as SwiftUI's `onDelete` reports them.
  ///
  /// - Parameter offsets: The positions of the elements to remove.
  public mutating func remove(atOffsets offsets: IndexSet) {
    // From the back, so the positions still to remove stay where they were.
    for offset in offsets.reversed() { remove(at: offset) }
  }

  /// Moves the elements at the given positions to just before `destination`, keeping their
  /// order, as SwiftUI's `onMove` reports it.
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move.
  ///   - destination: A position in the array before the move; the moved elements end up just
  ///     before the element that was there (or at the end).
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moving = source.map { elements[$0] }
    let before = source.count(in: 0..<destination)
    var staying = ContiguousArray<Element>()
    staying.reserveCapacity(elements.count - moving.count)
    for (offset, element) in elements.enumerated() where !source.contains(offset) {
      staying.append(element)
    }
    staying.insert(contentsOf: moving, at: destination - before)
    replaceAll(with: staying)
  }

  /// Removes every element.
  public mutating func removeAll() {
    replaceAll(with: [])
  }

  /// Reorders the elements in place by a predicate.
  ///
  /// - Parameter areInIncreasingOrder: Returns `true` when its first argument comes first.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var sorted = elements
    try sorted.sort(by: areInIncreasingOrder)
    replaceAll(with: sorted)
  }

  /// The point in this array's history that ``ChangeLog/changes(since:)`` counts from.
  @inlinable
  var version: ChangeLog<ID>.Version { log.version }

  @inlinable
  func changes(since version: ChangeLog<ID>.Version) -> ChangeLog<ID>.Changes? {
    log.changes(since: version)
  }

  @inlinable
  mutating func appendWithoutLogging(_ element: Element) {
    let id = self.id(element)
    precondition(offsets[id] == nil, Self.duplicateMessage(id))
    offsets[id] = ids_.count
    ids_.append(id)
    elements.append(element)
  }

  private mutating func replaceAll(with newElements: ContiguousArray<Element>) {
    elements = newElements
    ids_ = newElements.map(id)
    offsets = Dictionary(uniqueKeysWithValues: ids_.enumerated().map { ($1, $0) })
    log.record(.reset)
  }

  @usableFromInline
  static func duplicateMessage(_ id: ID) -> String {
    """
    IdentifiedArray: an element with id \(id) is already present; ids must be unique. \
    Assign through `array[id: \(id)]` to replace it.
    """
  }
}

/// An identifiable value's id, as a function: a closure literal here would capture the element's
/// metatype, which is not `Sendable` in general.
private func identity<Element: Identifiable>(of element: Element) -> Element.ID {
  element.id
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of identifiable elements.
  public init() {
    self.init(id: identity)
  }

  /// Creates an array from identifiable elements whose ids are unique.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Precondition: No two elements share an id.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: identity)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal of identifiable elements with unique ids.
  ///
  /// - Parameter elements: The elements, in order.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the last element.
  @inlinable
  public var endIndex: Int { elements.count }

  /// The element at a position. Changing it in place keeps its position; its id must not change.
  ///
  /// - Parameter position: A valid position in the array.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      elements[position]
    }
    _modify {
      let id = ids_[position]
      yield &elements[position]
      precondition(
        self.id(elements[position]) == id,
        "IdentifiedArray: an element's id changed from \(id) to \(self.id(elements[position])).")
      log.record(.updated(id))
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, printed like an array's.
  public var description: String {
    Array(elements).description
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether two arrays hold equal elements in the same order; their histories do not count.
  ///
  /// - Parameters:
  ///   - lhs: An array.
  ///   - rhs: Another array.
  /// - Returns: `true` when the elements are equal, in order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements.count)
    for element in elements { hasher.combine(element) }
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Any error the encoder or an element throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in elements { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable
where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array of elements, failing on a duplicate id instead of dropping it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when two elements share an id.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard !contains(id: element.id) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Duplicate id \(element.id) in an IdentifiedArray; ids must be unique.")
      }
      appendWithoutLogging(element)
    }
  }
}

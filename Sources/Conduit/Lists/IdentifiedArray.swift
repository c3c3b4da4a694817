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
/// Its API follows swift-identified-collections' `IdentifiedArray`, names and behaviour, so code
/// written against that package (and the Composable Architecture) reads the same here:
/// ``append(_:)`` and ``insert(_:at:)`` leave the array unchanged when the id is already present
/// and say so in their result; ``updateOrAppend(_:)`` replaces or appends; removals
/// (``removeAll(where:)``, ``removeFirst(_:)``, `removeSubrange(_:)`, …) and reorderings
/// (``swapAt(_:_:)``, ``sort(by:)``, ``reverse()``, ``shuffle()``, …) are those of `Array` that
/// cannot create a duplicate. The one difference: an element's id comes from a closure (or
/// `Identifiable`) rather than a key path.
///
/// Ids stay unique: creating an array from elements that share an id (``init(uniqueElements:)``,
/// an array literal) stops the program with a message naming the id; decoding one throws.
/// To replace an element, assign it through ``subscript(id:)`` or use ``updateOrAppend(_:)``.
///
/// Every edit costs at most what the same edit costs an `Array`, in proportion: a lookup by id is
/// a hash, an insertion or removal at the front moves the following elements once, and a bulk
/// removal is one pass however many elements it removes.
///
/// Each array also remembers its latest edits, which is how the row stores of
/// ``Store/scope(state:action:)-6ffi``
/// are updated in proportion to what changed. Editing a copy of an array (while the original is
/// still around) makes the copy start a fresh history, and the stores compare everything once.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var _ids: [ID]
  @usableFromInline var _elements: [Element]
  /// The offset of each id; see ``OffsetTable`` for why it is not a `Dictionary`.
  @usableFromInline var table: OffsetTable
  @usableFromInline var log = ChangeLog<ID>()
  @usableFromInline let id: @Sendable (Element) -> ID

  /// Creates an empty array whose elements are identified by `id`.
  ///
  /// ```swift
  /// var byTitle = IdentifiedArray<String, Todo>(id: \.title)
  /// ```
  ///
  /// - Parameter id: Returns an element's id, such as `\.id`.
  @inlinable
  public init(id: @escaping @Sendable (Element) -> ID) {
    self._ids = []
    self._elements = []
    self.table = OffsetTable()
    self.id = id
  }

  /// Creates an array from elements whose ids are unique.
  ///
  /// ```swift
  /// let byTitle = IdentifiedArray(uniqueElements: todos, id: \.title)
  /// ```
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
    _elements = Array(elements)
    _ids = _elements.map(id)
    table = OffsetTable()
    table.rebuild(uniqueIDs: [ID](), capacity: _ids.count)
    for offset in _ids.indices {
      let (bucket, existing) = table.find(_ids[offset], in: _ids)
      precondition(existing == nil, Self.duplicateMessage(_ids[offset]))
      table.insert(offset, at: bucket)
    }
  }

  /// The ids of the elements, in order.
  ///
  /// ```swift
  /// todos.ids   // [1, 2]
  /// ```
  @inlinable
  public var ids: [ID] { _ids }

  /// The elements, as an `Array`.
  ///
  /// Reading it does not copy the elements: the array shares this array's storage until one of
  /// them is edited.
  ///
  /// ```swift
  /// let titles = todos.elements.map(\.title)
  /// ```
  @inlinable
  public var elements: [Element] { _elements }

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
      table.offset(of: id, in: _ids).map { _elements[$0] }
    }
    set {
      if let newValue {
        precondition(
          self.id(newValue) == id,
          "IdentifiedArray: the element set for id \(id) has the id \(self.id(newValue)).")
        if let offset = table.offset(of: id, in: _ids) {
          _elements[offset] = newValue
          log.record(.updated(id))
        } else {
          append(newValue)
        }
      } else {
        remove(id: id)
      }
    }
    _modify {
      guard let offset = table.offset(of: id, in: _ids) else {
        var element: Element?
        yield &element
        if let element { self[id: id] = element }
        return
      }
      var element: Element? = _elements[offset]
      yield &element
      if let element {
        precondition(
          self.id(element) == id,
          "IdentifiedArray: an element's id changed from \(id) to \(self.id(element)).")
        _elements[offset] = element
        log.record(.updated(id))
      } else {
        remove(at: offset)
      }
    }
  }

  /// Whether an element with the given id is present.
  ///
  /// ```swift
  /// todos.contains(id: 1)   // true
  /// ```
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: `true` when an element has that id.
  @inlinable
  public func contains(id: ID) -> Bool {
    table.offset(of: id, in: _ids) != nil
  }

  /// The position of the element with the given id.
  ///
  /// ```swift
  /// todos.index(id: 2)   // 1
  /// ```
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: The element's offset, or nil when no element has that id.
  @inlinable
  public func index(id: ID) -> Int? {
    table.offset(of: id, in: _ids)
  }

  /// The point in this array's history that ``ChangeLog/changes(since:)`` counts from.
  @inlinable
  var version: ChangeLog<ID>.Version { log.version }

  @inlinable
  func changes(since version: ChangeLog<ID>.Version) -> ChangeLog<ID>.Changes? {
    log.changes(since: version)
  }

  /// Appends an element whose id must be new, without logging it (the array is being built).
  @inlinable
  mutating func appendWithoutLogging(_ element: Element) {
    let id = self.id(element)
    precondition(table.offset(of: id, in: _ids) == nil, Self.duplicateMessage(id))
    _ids.append(id)
    _elements.append(element)
    if table.needsGrowth(toHold: _ids.count) {
      table.rebuild(uniqueIDs: _ids)
    } else {
      table.insert(_ids.count - 1, at: table.find(id, in: _ids).bucket)
    }
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
/// metatype, which is not `Sendable` in general. Inlinable, with the initializers that use it, so
/// that the closure an array keeps calls a specialised function: every insertion and every
/// in-place edit calls it.
@inlinable
func identity<Element: Identifiable>(of element: Element) -> Element.ID {
  element.id
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array of identifiable elements.
  ///
  /// ```swift
  /// var todos = IdentifiedArrayOf<Todo>()
  /// ```
  @inlinable
  public init() {
    self.init(id: identity)
  }

  /// Creates an array from identifiable elements whose ids are unique.
  ///
  /// ```swift
  /// let todos = IdentifiedArray(uniqueElements: loaded)
  /// ```
  ///
  /// - Parameter elements: The elements, in order.
  /// - Precondition: No two elements share an id.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: identity)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal of identifiable elements with unique ids.
  ///
  /// - Parameter elements: The elements, in order.
  @inlinable
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
  public var endIndex: Int { _elements.count }

  /// The element at a position. Changing it in place keeps its position; its id must not change.
  ///
  /// - Parameter position: A valid position in the array.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      _elements[position]
    }
    _modify {
      let id = _ids[position]
      yield &_elements[position]
      precondition(
        self.id(_elements[position]) == id,
        "IdentifiedArray: an element's id changed from \(id) to \(self.id(_elements[position])).")
      log.record(.updated(id))
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, printed like an array's.
  public var description: String {
    _elements.description
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
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements.count)
    for element in _elements { hasher.combine(element) }
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
    for element in _elements { try container.encode(element) }
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

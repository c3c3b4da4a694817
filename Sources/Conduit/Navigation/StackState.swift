/// The screens of a navigation stack, bottom first, each with a stable identifier.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
///
/// state.path.append(.detail(Detail.State(show: show)))   // push
/// state.path.pop(from: id)                                // pop to below `id`
/// ```
///
/// Each push gets the stack's next ``StackElementID``, counted per stack value: the n-th push of
/// a fresh stack has id n − 1, whether it is an ``append(_:)`` or a
/// ``StackAction/push(id:state:)``, and ids are never reused after a pop. Tests can therefore
/// say which screen they mean with a literal: `.path(.element(id: 0, action: …))`.
///
/// Equality compares the screens and their ids, not the counter of the next id, so a test's
/// expected state compares by what is on the stack. Row stores of the screens
/// (`scope(state:action:)`)
/// update in proportion to what changed, as for an ``IdentifiedArray``: the stack keeps its
/// screens in one.
public struct StackState<Element> {
  /// A screen with its identifier.
  @usableFromInline
  struct Component {
    @usableFromInline let id: StackElementID
    @usableFromInline var element: Element

    @inlinable
    init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
    }
  }

  @usableFromInline var components: IdentifiedArray<StackElementID, Component>

  /// A screen's id, as a function rather than a key path, which would be applied generically on
  /// every edit of a screen.
  @usableFromInline
  static func componentID(_ component: Component) -> StackElementID { component.id }
  /// The generation of the next pushed screen.
  @usableFromInline var nextGeneration = 0

  /// Creates an empty stack.
  @inlinable
  public init() {
    components = IdentifiedArray(id: StackState.componentID)
  }

  /// Creates a stack of screens, bottom first, with ids 0, 1, 2…
  ///
  /// - Parameter elements: The screens, bottom first.
  @inlinable
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the screens, bottom first.
  @inlinable
  public var ids: [StackElementID] { components.ids }

  /// The screen with the given id, or nil; setting nil removes that screen alone.
  ///
  /// - Parameter id: The id of the screen.
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { components[id: id]?.element }
    set {
      guard let newValue else {
        components.remove(id: id)
        return
      }
      guard components.contains(id: id) else { return }
      components[id: id] = Component(id: id, element: newValue)
    }
    _modify {
      guard components.contains(id: id) else {
        var element: Element?
        yield &element
        return
      }
      var element: Element? = components[id: id]!.element
      yield &element
      if let element {
        components[id: id]!.element = element
      } else {
        components.remove(id: id)
      }
    }
  }

  /// Pushes a screen on top, with the stack's next id.
  ///
  /// - Parameter element: The screen to push.
  @inlinable
  public mutating func append(_ element: Element) {
    push(element, id: StackElementID(generation: nextGeneration))
  }

  /// Pushes a screen with a given id, advancing the counter past it.
  @inlinable
  mutating func push(_ element: Element, id: StackElementID) {
    components.append(Component(id: id, element: element))
    nextGeneration = Swift.max(nextGeneration, id.generation + 1)
  }

  /// Removes the screen with the given id and every screen above it.
  ///
  /// - Parameter id: The id of the lowest screen to remove; nothing happens when no screen has
  ///   it.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let offset = components.index(id: id) else { return }
    while components.count > offset { components.remove(at: components.count - 1) }
  }

  /// Removes the screens above the one with the given id, keeping it on top.
  ///
  /// - Parameter id: The id of the screen to go back to; nothing happens when no screen has it.
  @inlinable
  public mutating func pop(to id: StackElementID) {
    guard let offset = components.index(id: id) else { return }
    while components.count > offset + 1 { components.remove(at: components.count - 1) }
  }

  /// Removes and returns the top screen.
  ///
  /// - Returns: The screen that was on top, or nil when the stack is empty.
  @discardableResult
  @inlinable
  public mutating func popLast() -> Element? {
    guard !components.isEmpty else { return nil }
    return components.remove(at: components.count - 1).element
  }

  /// Removes every screen; the next push still gets a new id.
  @inlinable
  public mutating func removeAll() {
    while !components.isEmpty { components.remove(at: components.count - 1) }
  }
}

extension StackState: RandomAccessCollection {
  /// The position of the bottom screen.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the top screen.
  @inlinable
  public var endIndex: Int { components.count }

  /// The screen at a position, bottom first; it can be changed in place.
  ///
  /// - Parameter position: A valid position in the stack.
  @inlinable
  public subscript(position: Int) -> Element {
    get { components[position].element }
    _modify { yield &components[position].element }
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// Creates a stack of screens, bottom first, with ids 0, 1, 2…
  ///
  /// - Parameter elements: The screens, bottom first.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether two stacks hold equal screens with the same ids, in order; the counter of the next
  /// id does not count.
  ///
  /// - Parameters:
  ///   - lhs: A stack.
  ///   - rhs: Another stack.
  /// - Returns: `true` when the ids and screens are equal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elementsEqual(rhs)
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and screens.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    for element in self { hasher.combine(element) }
  }
}

extension StackState: Sendable where Element: Sendable {}
extension StackState.Component: Sendable where Element: Sendable {}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the screens as a plain array, bottom first.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding a screen throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes a plain array of screens, bottom first, giving them ids 0, 1, 2…
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What decoding a screen throws.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd { append(try container.decode(Element.self)) }
  }
}

extension StackState: CustomReflectable {
  /// Reflects as the screens by id, so diffs name a screen as `path[#1]`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: components.map { (label: $0.id.description, value: $0.element as Any) },
      displayStyle: .dictionary)
  }
}

extension StackState: CustomStringConvertible {
  /// The screens with their ids, bottom first: `[#0: …, #1: …]`.
  public var description: String {
    "[" + components.map { "\($0.id): \($0.element)" }.joined(separator: ", ") + "]"
  }
}

/// The identifier of a screen on a ``StackState``.
///
/// Stacks number their pushes from 0, so tests can name a screen with an integer literal:
/// `.path(.element(id: 1, action: .saveTapped))`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The number of pushes on the stack before this screen's.
  public let generation: Int

  /// Creates the id of the screen pushed after `generation` others.
  ///
  /// - Parameter generation: How many screens were pushed before this one.
  @inlinable
  public init(generation: Int) {
    self.generation = generation
  }

  /// Creates an id from a literal, for tests: `0` is the first push of a fresh stack.
  ///
  /// - Parameter value: How many screens were pushed before this one.
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  /// Orders ids by when they were pushed.
  ///
  /// - Parameters:
  ///   - lhs: An id.
  ///   - rhs: Another id.
  /// - Returns: `true` when `lhs` was pushed before `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }

  /// `#3`.
  public var description: String { "#\(generation)" }
}

/// The actions of a navigation stack, as its parent sees them.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// An action of the screen with the given id.
  case element(id: StackElementID, action: Action)
  /// Pushes a screen with the given id; SwiftUI's `NavigationStack` sends it for navigation
  /// links. The id must be the stack's next one.
  case push(id: StackElementID, state: State)
  /// Pops the screen with the given id and every screen above it; sent when the user goes back,
  /// and when a screen dismisses itself.
  case popFrom(id: StackElementID)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack actions of a reducer's screens: `StackAction<Path.State, Path.Action>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackElementID {
  /// The id to pop from when a navigation stack's path goes from `old` to `new`: the first
  /// screen of `old` that `new` no longer has, when `new` is what is left of `old` after the user
  /// went back; nil for any other change, which a stack does not make by itself.
  static func popped(from old: [StackElementID], to new: [StackElementID]) -> StackElementID? {
    guard new.count < old.count, old.starts(with: new) else { return nil }
    return old[new.count]
  }
}

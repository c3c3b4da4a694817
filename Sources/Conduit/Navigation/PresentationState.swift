import Foundation

/// The state of a feature that can be presented, with the identity of each presentation.
///
/// It is the projected value of ``Presents``: `$destination` where the feature writes
/// `@Presents var destination: Destination.State?`. Read and change the presented state as a plain
/// optional through ``wrappedValue`` (or the `@Presents` property itself); the key path to the
/// projected value is what ``Reducer/ifLet(_:action:fileID:line:column:destination:)`` and
/// ``Store/scope(state:action:fileID:line:)-80jsy``
/// take.
///
/// Each presentation has an identity: presenting (going from nil to a value), or replacing the
/// value with one of another enum case or another `id`, starts a new presentation, with a new
/// child store and fresh effects. Editing the presented value in place keeps it. Equality and
/// hashing ignore the identity, as in the Composable Architecture, so a test's expected state
/// (`$0.destination = .edit(…)`) compares by value.
///
/// The state is kept in a box on the heap, copied on write, so that deeply nested presentations
/// do not grow a feature's state on the stack.
public struct PresentationState<State> {
  @usableFromInline final class Box: @unchecked Sendable {
    // Unchecked: a box is only ever written through a uniquely referenced `PresentationState`
    // (copy on write), so it is shared only while it is read.
    @usableFromInline var state: State
    @usableFromInline let id: PresentationID

    @usableFromInline
    init(state: State, id: PresentationID) {
      self.state = state
      self.id = id
    }
  }

  @usableFromInline var box: Box?

  /// Creates presentation state, presenting `wrappedValue` when it is not nil.
  ///
  /// - Parameter wrappedValue: The presented state, or nil for nothing presented.
  @inlinable
  public init(wrappedValue: State?) {
    box = wrappedValue.map { Box(state: $0, id: PresentationID.next()) }
  }

  /// The presented state, or nil when nothing is presented.
  ///
  /// Setting a value while nothing is presented presents it; setting nil dismisses; setting a
  /// value of another enum case or another `id` than the presented one is a new presentation.
  @inlinable
  public var wrappedValue: State? {
    get { box?.state }
    set {
      guard let newValue else {
        box = nil
        return
      }
      if let box, !PresentationID.isNewPresentation(of: newValue, replacing: box.state) {
        self.box = Box(state: newValue, id: box.id)
      } else {
        box = Box(state: newValue, id: PresentationID.next())
      }
    }
    _modify {
      guard box != nil else {
        var value: State? = nil
        yield &value
        if let value { box = Box(state: value, id: PresentationID.next()) }
        return
      }
      if !isKnownUniquelyReferenced(&box!) { box = Box(state: box!.state, id: box!.id) }
      var value: State? = box!.state
      yield &value
      if let value { box!.state = value } else { box = nil }
    }
  }

  /// The identity of the current presentation, or nil when nothing is presented.
  @inlinable
  var id: PresentationID? { box?.id }
}

/// The identity of one presentation of a ``PresentationState``.
@usableFromInline
struct PresentationID: Hashable, Sendable {
  @usableFromInline let value: UInt64

  private static let counter = Locked<UInt64>(0)

  @usableFromInline
  static func next() -> PresentationID {
    PresentationID(
      value: counter.withLock {
        $0 += 1; return $0
      })
  }

  @usableFromInline
  init(value: UInt64) {
    self.value = value
  }

  /// Whether assigning `new` over the presented `old` starts a new presentation: another enum
  /// case, or another `id` of an `Identifiable` value.
  @usableFromInline
  static func isNewPresentation<State>(of new: State, replacing old: State) -> Bool {
    if let metadata = EnumMetadata(State.self), metadata.tag(of: new) != metadata.tag(of: old) {
      return true
    }
    if let new = new as? any Identifiable, let old = old as? any Identifiable {
      return AnyHashable(identity(of: new)) != AnyHashable(identity(of: old))
    }
    return false
  }

  private static func identity<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal states, or both present nothing; the identities of the
  /// presentations do not count.
  ///
  /// - Parameters:
  ///   - lhs: A presentation state.
  ///   - rhs: Another presentation state.
  /// - Returns: `true` when the presented values are equal.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented value, not the identity of the presentation.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented value, or nil.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes a presented value, or nil; a decoded value is a new presentation.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What decoding the value throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(State.self))
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented value, so diffs and descriptions show the state, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

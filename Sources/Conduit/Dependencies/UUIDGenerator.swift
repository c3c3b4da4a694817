import Foundation

/// Makes UUIDs for a reducer, so that tests can predict them.
///
/// Give the reducer a generator as a stored property and call it where it needs an id:
///
/// ```swift
/// struct Notes: Reducer {
///   var uuid: UUIDGenerator = .live
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .addTapped:
///       state.notes.append(Note(id: uuid(), text: ""))
///       return .none
///     }
///   }
/// }
/// ```
///
/// The app uses ``live``; a test passes ``incrementing`` and knows that the first note's id is
/// `00000000-0000-0000-0000-000000000000`, the second's `…0001`:
///
/// ```swift
/// let store = TestStore(initialState: Notes.State(), reducer: Notes(uuid: .incrementing))
/// await store.send(.addTapped) {
///   $0.notes = [Note(id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, text: "")]
/// }
/// ```
///
/// It follows the Composable Architecture's `UUIDGenerator`, as a plain value rather than a
/// dependency looked up by key path (see <doc:InjectingDependencies>).
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a function that makes each UUID.
  ///
  /// ```swift
  /// let logged = UUIDGenerator {
  ///   let id = UUID()
  ///   print("new id", id)
  ///   return id
  /// }
  /// ```
  ///
  /// - Parameter generate: Makes a UUID each time it is called, from any thread.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  ///
  /// - Returns: The UUID.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// Random UUIDs, from Foundation's `UUID()`: the generator for the app.
  public static let live = UUIDGenerator { UUID() }

  /// UUIDs counting up from `00000000-0000-0000-0000-000000000000`, for tests.
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// uuid()  // 00000000-0000-0000-0000-000000000000
  /// uuid()  // 00000000-0000-0000-0000-000000000001
  /// ```
  ///
  /// Each use of `incrementing` makes a new generator with its own counter, so two tests (or
  /// two reducers) never share one. Copies of one generator share its counter, and calls from
  /// several threads each get a distinct UUID. The count is written in hexadecimal in the
  /// last digits: the seventeenth UUID ends in `…0010`.
  public static var incrementing: UUIDGenerator {
    let next = Locked<UInt64>(0)
    return UUIDGenerator {
      let count = next.withLock { count in
        defer { count &+= 1 }
        return count
      }
      return UUID(counting: count)
    }
  }

  /// The same UUID every time, for tests that need only one.
  ///
  /// ```swift
  /// let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
  /// let reducer = Notes(uuid: .constant(id))
  /// ```
  ///
  /// - Parameter uuid: The UUID to return.
  /// - Returns: A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

extension UUID {
  /// The UUID whose 128 bits are the number `count`: `UUID(counting: 1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  init(counting count: UInt64) {
    let b = withUnsafeBytes(of: count.bigEndian) { Array($0) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
  }
}

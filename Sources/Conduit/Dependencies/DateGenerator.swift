import Foundation

/// Tells a reducer the current date, so that tests can fix it.
///
/// Give the reducer a generator as a stored property and call it where it needs the date:
///
/// ```swift
/// struct History: Reducer {
///   var now: DateGenerator = .live
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .watched(let episode):
///       state.entries.append(Entry(episode: episode, watchedAt: now()))
///       return .none
///     }
///   }
/// }
/// ```
///
/// The app uses ``live``; a test passes ``constant(_:)`` and knows the date every entry gets:
///
/// ```swift
/// let date = Date(timeIntervalSince1970: 1_700_000_000)
/// let store = TestStore(initialState: History.State(), reducer: History(now: .constant(date)))
/// ```
///
/// It follows the Composable Architecture's `DateGenerator`, as a plain value rather than a
/// dependency looked up by key path (see <doc:InjectingDependencies>).
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// Creates a generator from a function that reads the date.
  ///
  /// ```swift
  /// let start = Date()
  /// let tomorrow = DateGenerator { start.addingTimeInterval(86_400) }
  /// ```
  ///
  /// - Parameter generate: Returns the current date each time it is called, from any thread.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  ///
  /// ```swift
  /// let watchedAt = now()
  /// ```
  ///
  /// - Returns: The date.
  public func callAsFunction() -> Date {
    generate()
  }

  /// The current date, the same as calling the generator.
  public var now: Date {
    generate()
  }

  /// The system's current date, from Foundation's `Date()`: the generator for the app.
  public static let live = DateGenerator { Date() }

  /// The same date every time, for tests.
  ///
  /// ```swift
  /// let now = DateGenerator.constant(Date(timeIntervalSince1970: 0))
  /// now()  // 1970-01-01 00:00:00 +0000
  /// ```
  ///
  /// - Parameter date: The date to return.
  /// - Returns: A generator that always returns `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

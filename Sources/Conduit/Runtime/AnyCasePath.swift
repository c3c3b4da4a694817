/// An enum case written out by hand: how to embed a value in it, and how to extract the value
/// again.
///
/// ``Scope``, ``Reducer/ifLet(_:action:fileID:line:column:then:)-(_,(ChildAction)->Action,_,_,_,_)`` and
/// ``Reducer/forEach(_:action:fileID:line:column:element:)-(_,(IdentifiedAction<ID,ElementAction>)->Action,_,_,_,_)`` take an enum case constructor such as
/// `Action.child` and invert it from the enum's runtime metadata. A few payloads cannot be read
/// that way, because Swift stores them differently inside an enum than in generic code: functions
/// (`case add(@Sendable (Int) -> Int)`), metatypes of structs and enums (`case type(Int.Type)`),
/// and tuples or optionals of those. Conduit refuses those constructors, when the scope is made,
/// with a message that names the case; pass the case written out instead:
///
/// ```swift
/// Scope(
///   state: \.calculator,
///   action: AnyCasePath(
///     embed: Action.add,
///     extract: { if case .add(let function) = $0 { function } else { nil } })
/// ) {
///   Calculator()
/// }
/// ```
///
/// The name and shape follow the `AnyCasePath` of swift-case-paths, which the Composable
/// Architecture used before its macros.
public struct AnyCasePath<Root, Value>: Sendable {
  /// Builds the case from its payload.
  public let embed: @Sendable (Value) -> Root
  /// Returns the payload when the value is the case, nil otherwise.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from a constructor and its inverse.
  ///
  /// - Parameters:
  ///   - embed: Builds the case from its payload, usually the case constructor itself.
  ///   - extract: Returns the payload when its argument is the case, nil otherwise.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}

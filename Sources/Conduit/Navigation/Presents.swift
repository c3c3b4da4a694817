/// Marks a feature's state that can be presented: a sheet, a popover, a full-screen cover, an
/// alert, a confirmation dialog or a drill-down.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// ```
///
/// Use the property as a plain optional: set it to present, set nil to dismiss. Its projected
/// value, `$destination`, is the ``PresentationState`` that
/// ``Reducer/ifLet(_:action:fileID:line:column:destination:)`` integrates the child through and
/// that ``Store`` scopes to.
///
/// The Composable Architecture spells this with its `@Presents` macro; here it is a property
/// wrapper, with the same name and use.
@propertyWrapper
public struct Presents<State> {
  /// The presentation state this wrapper stores.
  public var projectedValue: PresentationState<State>

  /// Creates presentable state, presenting `wrappedValue` when it is not nil.
  ///
  /// - Parameter wrappedValue: The presented state, or nil.
  @inlinable
  public init(wrappedValue: State?) {
    projectedValue = PresentationState(wrappedValue: wrappedValue)
  }

  /// The presented state, or nil when nothing is presented.
  @inlinable
  public var wrappedValue: State? {
    get { projectedValue.wrappedValue }
    set { projectedValue.wrappedValue = newValue }
    _modify { yield &projectedValue.wrappedValue }
  }
}

extension Presents: Equatable where State: Equatable {}
extension Presents: Hashable where State: Hashable {}
extension Presents: Sendable where State: Sendable {}

extension Presents: Encodable where State: Encodable {
  /// Encodes the presented value, or nil.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding the value throws.
  public func encode(to encoder: any Encoder) throws {
    try projectedValue.encode(to: encoder)
  }
}

extension Presents: Decodable where State: Decodable {
  /// Decodes a presented value, or nil.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What decoding the value throws.
  public init(from decoder: any Decoder) throws {
    projectedValue = try PresentationState(from: decoder)
  }
}

extension Presents: CustomReflectable {
  /// Reflects as the presented value.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

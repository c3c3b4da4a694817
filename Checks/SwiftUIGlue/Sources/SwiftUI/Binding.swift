// `Binding`.

/// SwiftUI.Binding
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  private let get: @isolated(any) @Sendable () -> Value
  private let set: @isolated(any) @Sendable (Value) -> Void

  /// SwiftUI.Binding.init(get:set:)
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {
    self.get = get
    self.set = set
  }

  /// SwiftUI.Binding.init(projectedValue:)
  public init(projectedValue: Binding<Value>) {
    self = projectedValue
  }

  /// SwiftUI.Binding.constant(_:)
  public static func constant(_ value: Value) -> Binding<Value> { standIn() }

  /// SwiftUI.Binding.wrappedValue
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }

  /// SwiftUI.Binding.projectedValue
  public var projectedValue: Binding<Value> { self }

  /// SwiftUI.Binding.subscript(dynamicMember:)
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> {
    standIn()
  }
}

/// "A binding conforms to Sendable only if its wrapped value type also conforms to Sendable."
extension Binding: Sendable where Value: Sendable {}

extension Binding {
  /// SwiftUI.Binding.init(_:), projecting an optional binding to a non-optional one.
  public init?(_ base: Binding<Value?>) { standIn() }
}

/// SwiftUI.DynamicProperty
public protocol DynamicProperty {
  /// SwiftUI.DynamicProperty.update()
  mutating func update()
}

extension DynamicProperty {
  public mutating func update() {}
}

/// SwiftUI.State
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
  /// SwiftUI.State.init(wrappedValue:)
  public init(wrappedValue value: Value) {}

  /// SwiftUI.State.init(initialValue:)
  public init(initialValue value: Value) {}

  /// SwiftUI.State.wrappedValue
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }

  /// SwiftUI.State.projectedValue
  public var projectedValue: Binding<Value> { standIn() }
}

extension State: Sendable where Value: Sendable {}

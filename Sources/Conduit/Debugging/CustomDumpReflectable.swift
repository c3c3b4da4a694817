/// A type that chooses how Conduit's state diffs and value descriptions show it.
///
/// The test store's failure messages and ``Reducer/printChanges(to:)`` walk values through
/// `Mirror`. A type whose stored properties are private machinery, or that would read better
/// as something else, returns the mirror to show instead: its elements, say, or only the
/// properties that matter.
///
/// ```swift
/// struct Money: Equatable, CustomDumpReflectable {
///   var cents: Int
///   var currency: String
///
///   var customDumpMirror: Mirror {
///     Mirror(self, children: ["amount": Double(cents) / 100, "currency": currency])
///   }
/// }
/// ```
///
/// A diff then names `price.amount: expected 9.99, got 10.0` rather than the cents. A mirror
/// with the `.collection` display style is diffed element by element, `.dictionary` by key,
/// `.enum` by case; any other is diffed property by property. ``IdentifiedArray`` conforms,
/// showing its elements (diffed by id) rather than its storage.
///
/// The protocol mirrors the `CustomDumpReflectable` protocol of Point-Free's custom-dump package,
/// with the same name and requirement, so a conformance written for one reads the same for the
/// other. Conduit has no dependencies, so it declares its own; where an app imports both,
/// name this one `Conduit.CustomDumpReflectable`.
public protocol CustomDumpReflectable {
  /// The mirror that diffs and descriptions walk in place of `Mirror(reflecting: self)`.
  var customDumpMirror: Mirror { get }
}

extension IdentifiedArray: CustomDumpReflectable {
  /// The elements in order, as a collection: what an identified array holds, without the
  /// index and change history it keeps beside them.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(elements), displayStyle: .collection)
  }
}

/// A collection that knows the id of each of its elements, so a diff matches them by id even
/// when they are not `Identifiable`.
protocol IdentifiedElementsReflecting {
  /// The elements' ids, in the order of the collection's mirror.
  var reflectedIDs: [AnyHashable] { get }
}

extension IdentifiedArray: IdentifiedElementsReflecting {
  var reflectedIDs: [AnyHashable] { _ids.map { AnyHashable($0) } }
}

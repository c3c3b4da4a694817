/// The differences between two values of the same type, field by field: the engine behind
/// `Reducer.printChanges()` and the test store's failure messages.
///
/// It is part of the `Testing` SPI (see ``EffectExecutor``) so that `ConduitTesting` can report
/// state mismatches; it is not public API. Values are compared through `Mirror`, so any state
/// works, `Equatable` or not: `Equatable` parts that are equal are skipped without being walked.
///
/// ```swift
/// let diff = StateDiff(from: expected, to: actual)
/// print(diff.lines(.expectedActual).joined(separator: "\n"))
/// // results[0].title: expected "Breaking Bad", got "Breaking"
/// ```
///
/// Structs, classes and tuples are compared property by property, optionals through their
/// wrapped value, enums case by case and then through the payload; a type that conforms to
/// ``CustomDumpReflectable`` through the mirror it chooses. Collections are compared element
/// by element, by id in an ``IdentifiedArray`` or when every element is `Identifiable` with a
/// distinct id, and by index otherwise; dictionaries by key; sets by membership. Only what
/// differs is listed: a collection lists at most a few changed elements, then how many more
/// changed. A changed value is described around its first difference when its description is
/// long. Nesting is bounded, as is the number of changes, so a diff of a huge or recursive value
/// stays readable.
@_spi(Testing)
public struct StateDiff: Sendable {
  /// One difference between the two values.
  public struct Change: Hashable, Sendable {
    /// What differs at ``path``.
    public enum Kind: Hashable, Sendable {
      /// The value at the path changed, described before and after.
      case changed(from: String, to: String)
      /// An element is in the first value only.
      case removed(String)
      /// An element is in the second value only.
      case added(String)
      /// The same identified elements are in another order, described by their ids.
      case reordered(from: String, to: String)
      /// How many more elements of the collection at the path changed, beyond those listed.
      case moreChanges(Int)
      /// The diff stopped listing changes here, having listed as many as it shows.
      case truncated
    }

    /// Where the difference is.
    public var path: Path
    /// What the difference is.
    public var kind: Kind

    /// Whether this entry counts or bounds other changes instead of being a change itself.
    public var isSummary: Bool {
      switch kind {
      case .moreChanges, .truncated: true
      case .changed, .removed, .added, .reordered: false
      }
    }
  }

  /// A location inside a value: `results[0].title`, `tags["new"]`, `status(.loaded).count`.
  public struct Path: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
      /// A stored property, or a tuple element by label or position.
      case property(String)
      /// An element of a collection, by position.
      case index(Int)
      /// An element of a collection of `Identifiable` values, by its described id.
      case id(String)
      /// A dictionary entry, by its described key.
      case key(String)
      /// The payload of an enum case, by the case's name.
      case enumCase(String)
    }

    /// The steps from the root value, outermost first.
    public var components: [Component]

    /// Creates a path.
    ///
    /// - Parameter components: The steps from the root value; none for the root itself.
    public init(_ components: [Component] = []) {
      self.components = components
    }

    /// Whether one of the two paths leads into the other (or they are the same).
    ///
    /// - Parameter other: Another path.
    /// - Returns: `true` when either path is a prefix of the other.
    public func overlaps(_ other: Path) -> Bool {
      let shared = min(components.count, other.components.count)
      return components.prefix(shared) == other.components.prefix(shared)
    }

    /// The path as Swift would spell it, from `state` when it does not start with a property.
    public var description: String {
      var text = ""
      for component in components {
        switch component {
        case .property(let name): text += text.isEmpty ? name : "." + name
        case .index(let index): text += "[\(index)]"
        case .id(let id): text += "[id: \(id)]"
        case .key(let key): text += "[\(key)]"
        case .enumCase(let name): text += "(.\(name))"
        }
      }
      guard case .property? = components.first else { return "state" + text }
      return text
    }

    func appending(_ component: Component) -> Path {
      Path(components + [component])
    }
  }

  /// How ``lines(_:)`` words a change.
  public enum Style: Sendable {
    /// For a test: the first value is what was expected, the second what happened.
    /// `count: expected 1, got 2`.
    case expectedActual
    /// For a log: the first value is before, the second after. `count: 1 → 2`.
    case beforeAfter
  }

  /// The differences, in the order of the values' fields and elements.
  public let changes: [Change]

  /// Compares two values.
  ///
  /// - Parameters:
  ///   - old: The first value: the expected state, or the state before an action.
  ///   - new: The second value: the actual state, or the state after an action.
  public init<Value>(from old: Value, to new: Value) {
    var differ = StateDiffer()
    differ.compare(old, new, at: Path(), depth: 0)
    changes = differ.finish()
  }

  /// A diff made of changes already found, such as a filtered part of another diff.
  ///
  /// - Parameter changes: The changes, in the order to list them.
  public init(changes: [Change]) {
    self.changes = changes
  }

  /// One line per change, `path: what changed`, in the given style.
  ///
  /// - Parameter style: Whether the values are expected and actual, or before and after.
  /// - Returns: The lines, without indentation; empty when the values do not differ.
  public func lines(_ style: Style) -> [String] {
    changes.map { "\($0.path): " + Self.text(for: $0.kind, style) }
  }

  /// A short, one-line description of a value: `.queryChanged("break")`, `Show(title: "Lost")`.
  ///
  /// Module names are left out, dictionaries and sets are sorted, and long values are cut.
  ///
  /// - Parameter value: Any value.
  /// - Returns: The description.
  public static func describe(_ value: Any) -> String {
    ValueDescription.of(value)
  }

  /// Said of a change whose values read the same: they differ deeper than the description
  /// goes, or only by their own `==`.
  private static let sameText = " (the values differ but read the same)"

  static func text(for kind: Change.Kind, _ style: Style) -> String {
    switch (kind, style) {
    case (.changed(let old, let new), .expectedActual):
      "expected \(old), got \(new)" + (old == new ? sameText : "")
    case (.changed(let old, let new), .beforeAfter):
      "\(old) → \(new)" + (old == new ? sameText : "")
    case (.removed(let old), .expectedActual): "missing element, expected \(old)"
    case (.removed(let old), .beforeAfter): "removed \(old)"
    case (.added(let new), .expectedActual): "unexpected element \(new)"
    case (.added(let new), .beforeAfter): "added \(new)"
    case (.reordered(let old, let new), .expectedActual): "expected order \(old), got \(new)"
    case (.reordered(let old, let new), .beforeAfter): "reordered \(old) → \(new)"
    case (.moreChanges(let count), _):
      "\(count) more changed \(count == 1 ? "element" : "elements") not shown"
    case (.truncated, _): "more changes not shown"
    }
  }
}

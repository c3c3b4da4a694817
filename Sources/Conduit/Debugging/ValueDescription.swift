/// Short, deterministic, one-line descriptions of values, for diffs and failure messages.
///
/// `String(reflecting:)` names every type with its module and prints dictionaries in hash order,
/// which differs from run to run; these descriptions drop module names, sort dictionaries and
/// sets, write enum cases as `.loaded([…])`, and stay short: nesting, element counts and the
/// total length are bounded, so a description of a huge or recursive value is still one line.
enum ValueDescription {
  /// The longest description, in characters, before it is cut with `…`.
  static let maxLength = 160
  /// How deep nested values are spelled out before they become `…`.
  static let maxDepth = 4
  /// How many elements of a collection are spelled out.
  static let maxElements = 8

  /// A one-line description of `value`.
  static func of(_ value: Any) -> String {
    let text = describe(value, depth: 0)
    guard text.count > maxLength else { return text }
    return String(text.prefix(maxLength - 1)) + "…"
  }

  /// The name of `type` without module names or the compiler's markers for local types:
  /// `Search.State`, `Array<Show>`.
  static func typeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    // Local and private types read `Module.(unknown context at $10a4).Name`.
    while let start = name.range(of: "(unknown context at "),
      let end = name[start.upperBound...].range(of: ").")
    {
      name.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return withoutModules(name)
  }

  /// Whether `value` reads best as its own description rather than as its stored properties:
  /// numbers, strings, and types such as `Date` or `URL` that describe themselves.
  static func isLeaf(_ value: Any, _ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .struct, .class, nil:
      return mirror.children.isEmpty || value is CustomStringConvertible
        || value is CustomDebugStringConvertible
    default:
      return false
    }
  }

  private static func describe(_ value: Any, depth: Int) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped, depth: depth)
    case .enum:
      guard let payload = mirror.children.first else { return caseName(of: value) }
      let name = "." + (payload.label ?? "?")
      guard depth < maxDepth else { return name + "(…)" }
      let inner = Mirror(reflecting: payload.value)
      let contents =
        inner.displayStyle == .tuple
        ? fields(inner, depth: depth + 1) : describe(payload.value, depth: depth + 1)
      return name + "(" + contents + ")"
    case .tuple:
      guard depth < maxDepth else { return "(…)" }
      return "(" + fields(mirror, depth: depth + 1) + ")"
    case .collection:
      guard depth < maxDepth else { return "[…]" }
      return "[" + list(mirror.children.map { describe($0.value, depth: depth + 1) }) + "]"
    case .set:
      guard depth < maxDepth else { return "Set(…)" }
      let elements = mirror.children.map { describe($0.value, depth: depth + 1) }.sorted()
      return "Set([" + list(elements) + "])"
    case .dictionary:
      guard !mirror.children.isEmpty else { return "[:]" }
      guard depth < maxDepth else { return "[…]" }
      let entries = mirror.children.map { entry -> String in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return describe(entry.value, depth: depth + 1) }
        return describe(pair[0].value, depth: depth + 1) + ": "
          + describe(pair[1].value, depth: depth + 1)
      }
      return "[" + list(entries.sorted()) + "]"
    default:
      if isLeaf(value, mirror) { return leafDescription(of: value) }
      var name = typeName(type(of: value))
      if value is DescribedWithoutGenericArguments, let open = name.firstIndex(of: "<") {
        name = String(name[..<open])
      }
      guard depth < maxDepth else { return name + "(…)" }
      return name + "(" + fields(mirror, depth: depth + 1) + ")"
    }
  }

  private static func leafDescription(of value: Any) -> String {
    switch value {
    case let value as DiffDescribable: value.diffDescription
    case let text as String: String(reflecting: text)
    case let text as Substring: String(reflecting: String(text))
    case let character as Character: String(reflecting: character)
    case let value as CustomStringConvertible: value.description
    case let value as CustomDebugStringConvertible: value.debugDescription
    default: typeName(type(of: value)) + "()"
    }
  }

  private static func caseName(of value: Any) -> String {
    value is CustomStringConvertible ? String(describing: value) : "." + String(describing: value)
  }

  /// `label: value` pairs of a struct, class or tuple; tuple positions (`.0`) are left out.
  private static func fields(_ mirror: Mirror, depth: Int) -> String {
    list(
      mirror.children.map { child in
        let value = describe(child.value, depth: depth)
        guard let label = child.label, !label.hasPrefix(".") else { return value }
        return label + ": " + value
      })
  }

  private static func list(_ items: [String]) -> String {
    guard items.count > maxElements else { return items.joined(separator: ", ") }
    return (items.prefix(maxElements) + ["… \(items.count - maxElements) more"])
      .joined(separator: ", ")
  }

  /// Drops the first component, the module, of every qualified name in a type's name:
  /// `Swift.Array<App.Search.Show>` becomes `Array<Search.Show>`.
  private static func withoutModules(_ name: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      if let dot = word.firstIndex(of: ".") { word.removeSubrange(...dot) }
      result += word
      word = ""
    }
    for character in name {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }
}

/// A value that reads differently in diffs and failure messages than its `description` does,
/// which was written for another reader: a ``TextState`` prints its bare text for a renderer,
/// but a diff quotes it, as it does a string.
protocol DiffDescribable {
  /// One line, as Swift would spell the value where it can.
  var diffDescription: String { get }
}

/// A generic type whose descriptions leave out its generic arguments, which only repeat what
/// the surrounding value already says: `AlertState(title: …)` rather than
/// `AlertState<Feature.Action>(title: …)`. Its fields are still described one by one.
protocol DescribedWithoutGenericArguments {}

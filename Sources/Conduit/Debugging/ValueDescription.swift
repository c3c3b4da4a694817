/// Short, deterministic, one-line descriptions of values, for diffs and failure messages.
///
/// `String(reflecting:)` names every type with its module and prints dictionaries in hash order,
/// which differs from run to run; these descriptions drop module names, sort dictionaries and
/// sets, write enum cases as `.loaded([…])`, and stay short: nesting, element counts and the
/// total length are bounded, so a description of a huge or recursive value is still one line.
/// A type that conforms to ``CustomDumpReflectable`` is described through its own mirror.
enum ValueDescription {
  /// The longest description, in characters, before it is cut with `…`.
  static let maxLength = 160
  /// How deep nested values are spelled out before they become `…`.
  static let maxDepth = 4
  /// How many elements of a collection are spelled out.
  static let maxElements = 8

  /// How much of a value a description spells out.
  struct Limits {
    var depth: Int
    var elements: Int

    /// What a one-line description shows.
    static let short = Limits(depth: maxDepth, elements: maxElements)
    /// What is spelled out to find where two values that read the same at first differ.
    static let long = Limits(depth: 12, elements: 1_000)
  }

  /// How many characters before the first difference a pair of descriptions keeps, when it
  /// has to start later than the beginning to show it.
  static let contextBeforeDifference = 40

  /// A one-line description of `value`.
  static func of(_ value: Any) -> String {
    cut(describe(value, depth: 0, limits: .short), from: 0)
  }

  /// Descriptions of two values that differ, showing where they differ.
  ///
  /// Each is as short as ``of(_:)`` would make it when that shows the difference. When the
  /// difference is past the cut, or deeper or later than a short description spells out (the
  /// ninth element of a list, the end of a long string), both are spelled out further and cut
  /// to a window around the first character that differs, with `…` where they were cut.
  static func pair(_ old: Any, _ new: Any) -> (String, String) {
    var texts = (describe(old, depth: 0, limits: .short), describe(new, depth: 0, limits: .short))
    if texts.0 == texts.1 {
      let long = (describe(old, depth: 0, limits: .long), describe(new, depth: 0, limits: .long))
      // Values that read the same however far they are spelled out keep the short text.
      if long.0 != long.1 { texts = long }
    }
    let differsAt = zip(texts.0, texts.1).prefix { $0 == $1 }.count
    let start =
      differsAt < maxLength - 1 || texts.0 == texts.1
      ? 0 : differsAt - contextBeforeDifference
    return (cut(texts.0, from: start), cut(texts.1, from: start))
  }

  /// At most ``maxLength`` characters of `text` from `start`, with `…` where it was cut.
  private static func cut(_ text: String, from start: Int) -> String {
    guard text.count > maxLength || start > 0 else { return text }
    let head = start > 0 ? "…" : ""
    let rest = text.dropFirst(start)
    let room = maxLength - head.count
    guard rest.count > room else { return head + rest }
    return head + rest.prefix(room - 1) + "…"
  }

  /// The mirror a value is walked through: its ``CustomDumpReflectable/customDumpMirror``,
  /// or the standard one.
  static func mirror(of value: Any) -> Mirror {
    (value as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: value)
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
  /// numbers, strings, and types such as `Date` or `URL` that describe themselves. A type that
  /// chose its mirror is walked through it.
  static func isLeaf(_ value: Any, _ mirror: Mirror) -> Bool {
    if value is any CustomDumpReflectable { return false }
    switch mirror.displayStyle {
    case .struct, .class, nil:
      return mirror.children.isEmpty || value is CustomStringConvertible
        || value is CustomDebugStringConvertible
    default:
      return false
    }
  }

  private static func describe(_ value: Any, depth: Int, limits: Limits) -> String {
    let mirror = mirror(of: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return describe(wrapped, depth: depth, limits: limits)
    case .enum:
      guard let payload = mirror.children.first else { return caseName(of: value) }
      let name = "." + (payload.label ?? "?")
      guard depth < limits.depth else { return name + "(…)" }
      let inner = Mirror(reflecting: payload.value)
      let contents =
        inner.displayStyle == .tuple
        ? fields(inner, depth: depth + 1, limits: limits)
        : describe(payload.value, depth: depth + 1, limits: limits)
      return name + "(" + contents + ")"
    case .tuple:
      guard depth < limits.depth else { return "(…)" }
      return "(" + fields(mirror, depth: depth + 1, limits: limits) + ")"
    case .collection:
      guard depth < limits.depth else { return "[…]" }
      return "["
        + list(
          mirror.children.map { describe($0.value, depth: depth + 1, limits: limits) },
          limits: limits) + "]"
    case .set:
      guard depth < limits.depth else { return "Set(…)" }
      let elements = mirror.children.map { describe($0.value, depth: depth + 1, limits: limits) }
      return "Set([" + list(elements.sorted(), limits: limits) + "])"
    case .dictionary:
      guard !mirror.children.isEmpty else { return "[:]" }
      guard depth < limits.depth else { return "[…]" }
      let entries = mirror.children.map { entry -> String in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else {
          return describe(entry.value, depth: depth + 1, limits: limits)
        }
        return describe(pair[0].value, depth: depth + 1, limits: limits) + ": "
          + describe(pair[1].value, depth: depth + 1, limits: limits)
      }
      return "[" + list(entries.sorted(), limits: limits) + "]"
    default:
      if isLeaf(value, mirror) { return leafDescription(of: value) }
      var name = typeName(type(of: value))
      if value is DescribedWithoutGenericArguments, let open = name.firstIndex(of: "<") {
        name = String(name[..<open])
      }
      guard depth < limits.depth else { return name + "(…)" }
      return name + "(" + fields(mirror, depth: depth + 1, limits: limits) + ")"
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
  private static func fields(_ mirror: Mirror, depth: Int, limits: Limits) -> String {
    list(
      mirror.children.map { child in
        let value = describe(child.value, depth: depth, limits: limits)
        guard let label = child.label, !label.hasPrefix(".") else { return value }
        return label + ": " + value
      }, limits: limits)
  }

  private static func list(_ items: [String], limits: Limits) -> String {
    guard items.count > limits.elements else { return items.joined(separator: ", ") }
    return (items.prefix(limits.elements) + ["… \(items.count - limits.elements) more"])
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

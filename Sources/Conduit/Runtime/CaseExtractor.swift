/// Inverts an enum case constructor: given `AppAction.search`, finds the `Search.Action` inside
/// an `AppAction` when, and only when, the value is that case.
///
/// Without macros there is no generated case path, so the extractor works from the value and
/// the constructor. It reads which case the value holds, and looks up (once per enum, case and
/// child type, for the whole process) whether that case's payload is declared as the child type.
/// If so, it copies the payload out of the value's bytes and checks that the constructor builds
/// this very case, which is what tells apart cases that share a payload type
/// (`case primary(Child)`, `case secondary(Child)`). Labelled payloads
/// (`case child(action: Child)`) have the child's layout and need nothing special; `indirect`
/// payloads live in a box and are read through `Mirror`, which is correct but slower.
///
/// Nothing is learned per instance, so it works the same when a reducer's `body` (and every
/// `Scope` in it) is rebuilt for each action.
@usableFromInline
struct CaseExtractor<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root

  /// - Precondition: `Root` is an enum; otherwise there is no case to invert.
  @inlinable
  init(embed: @escaping @Sendable (Value) -> Root, fileID: StaticString, line: UInt) {
    Self.requireEnum(Root.self, fileID: fileID, line: line)
    self.embed = embed
  }

  @usableFromInline
  static func requireEnum(_ root: Any.Type, fileID: StaticString, line: UInt) {
    precondition(
      EnumMetadata(root) != nil,
      """
      \(fileID):\(line): the action of a Scope must be an enum case such as `Action.child`, \
      but \(root) is not an enum.
      """)
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    let metadata = EnumMetadata(Root.self)!
    let tag = metadata.tag(of: root)
    let candidate: Value
    switch CaseLayouts.layout(of: Root.self, tag: tag, as: Value.self) {
    case .other:
      return nil
    case .inline:
      candidate = metadata.payload(of: root, tag: tag, as: Value.self)
    case .boxed:
      guard let value = Self.reflectedPayload(of: root) else { return nil }
      candidate = value
    }
    // The payload has the child's type; it is the child's case only if the constructor builds
    // this very case.
    return metadata.tag(of: embed(candidate)) == tag ? candidate : nil
  }

  /// The payload of `root` through `Mirror`, unwrapping a one-element labelled tuple.
  @usableFromInline
  static func reflectedPayload(of root: Root) -> Value? {
    guard let payload = Mirror(reflecting: root).children.first?.value else { return nil }
    if let value = payload as? Value { return value }
    let tuple = Mirror(reflecting: payload)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }
}

/// Whether a case of an enum carries a payload of a given type, and where it is stored: facts
/// about types, found once and kept for the life of the process.
@usableFromInline
enum CaseLayouts {
  @usableFromInline
  enum Layout: Sendable {
    /// The payload is not of the type asked for (or the case has none).
    case other
    /// The payload is of the type asked for, stored in the enum's own bytes.
    case inline
    /// The payload is of the type asked for, stored in a box (`indirect`).
    case boxed
  }

  private struct Key: Hashable {
    let root: ObjectIdentifier
    let value: ObjectIdentifier
    let tag: UInt32
  }

  private static let known = Locked([Key: Layout]())

  @usableFromInline
  static func layout(of root: Any.Type, tag: UInt32, as value: Any.Type) -> Layout {
    let key = Key(root: ObjectIdentifier(root), value: ObjectIdentifier(value), tag: tag)
    if let layout = known.withLock({ $0[key] }) { return layout }
    let layout = find(tag: tag, value: value, metadata: EnumMetadata(root)!)
    known.withLock { $0[key] = layout }
    return layout
  }

  private static func find(tag: UInt32, value: Any.Type, metadata: EnumMetadata) -> Layout {
    guard let payload = metadata.payload(ofCase: tag) else { return .other }
    guard payload.type == value || singleElement(ofTuple: payload.type) == value else {
      return .other
    }
    return payload.isIndirect ? .boxed : .inline
  }

  /// The element type of a one-element tuple such as `(action: Child)`, which is laid out
  /// exactly as its element.
  private static func singleElement(ofTuple type: Any.Type) -> Any.Type? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Tuple metadata, in pointer-sized words: kind 0x301, the element count, the labels, then
    // (type, offset) pairs.
    let word = MemoryLayout<UnsafeRawPointer>.size
    guard metadata.load(as: UInt.self) == 0x301,
      metadata.load(fromByteOffset: word, as: Int.self) == 1
    else { return nil }
    return metadata.load(fromByteOffset: 3 * word, as: Any.Type.self)
  }
}

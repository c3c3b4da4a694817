/// Inverts an enum case constructor: given `AppAction.search`, finds the `Search.Action` inside
/// an `AppAction` when, and only when, the value is that case.
///
/// Without macros there is no generated case path, so the extractor learns the case from the
/// constructor itself. The first time it meets a value whose payload has the child's type, it
/// re-embeds that payload and reads which case the constructor produces. From then on, a value is
/// matched by its case number alone, which is what makes cases that share a payload type
/// (`case primary(Child)`, `case secondary(Child)`) come out right, and a match is copied out of
/// the value's bytes. Labelled payloads (`case child(action: Child)`) have the same layout as the
/// bare payload and need nothing special. Payloads that cannot be copied that way (`indirect`
/// cases, existential or class payloads held as a different dynamic type) fall back to `Mirror`,
/// which is correct but about a thousand times slower.
///
/// The learned facts live in a lock so one reducer value can be used from several threads.
final class CaseExtractor<Root, Value>: Sendable {
  private enum Strategy {
    /// Copy the payload out of the enum's own bytes.
    case project
    /// Ask `Mirror` for the payload.
    case reflect
  }

  private struct Learned {
    var embedTag: UInt32?
    var strategy = Strategy.reflect
    /// Cases seen so far whose payload is not a `Value`, so they are never reflected twice.
    var foreignTags: [UInt32] = []
  }

  private let embed: @Sendable (Value) -> Root
  private let learned = Locked(Learned())

  /// Read afresh on each use (a few loads) because metadata pointers are not `Sendable`.
  private var metadata: EnumMetadata { EnumMetadata(Root.self)! }

  /// - Precondition: `Root` is an enum; otherwise there is no case to invert.
  init(embed: @escaping @Sendable (Value) -> Root, fileID: StaticString, line: UInt) {
    guard EnumMetadata(Root.self) != nil else {
      preconditionFailure(
        """
        \(fileID):\(line): the action of a Scope must be an enum case such as `Action.child`, \
        but \(Root.self) is not an enum.
        """)
    }
    self.embed = embed
  }

  func extract(from root: Root) -> Value? {
    let tag = metadata.tag(of: root)
    let (embedTag, strategy) = learned.withLock { ($0.embedTag, $0.strategy) }
    if let embedTag {
      guard tag == embedTag else { return nil }
      return payload(of: root, tag: tag, strategy: strategy)
    }
    return learn(from: root, tag: tag)
  }

  private func payload(of root: Root, tag: UInt32, strategy: Strategy) -> Value? {
    switch strategy {
    case .project: metadata.payload(of: root, tag: tag, as: Value.self)
    case .reflect: Self.reflectedPayload(of: root)?.value
    }
  }

  /// Whether matches are copied out of the value's bytes (the fast way) rather than reflected.
  var copiesBytes: Bool {
    learned.withLock { $0.embedTag != nil && $0.strategy == .project }
  }

  /// The slow path, taken until the constructor's case is known.
  private func learn(from root: Root, tag: UInt32) -> Value? {
    if learned.withLock({ $0.foreignTags.contains(tag) }) { return nil }
    guard let candidate = Self.reflectedPayload(of: root)?.value else {
      learned.withLock { $0.foreignTags.append(tag) }
      return nil
    }
    let metadata = self.metadata
    let embedded = embed(candidate)
    let embedTag = metadata.tag(of: embedded)
    // Decide how to read the constructor's own case, which may differ from `root`'s when two
    // cases share a payload type. Copying bytes is sound only for a plain constructor of an
    // inline payload of exactly this type; anything else takes the slow, safe road.
    let exact = Self.reflectedPayload(of: embedded)?.hasExactLayout ?? false
    let projectable =
      exact && !metadata.isIndirect(tag: embedTag)
      && metadata.storesBytes(of: candidate, in: embedded, tag: embedTag)
    let strategy: Strategy = projectable ? .project : .reflect
    learned.withLock {
      $0.embedTag = embedTag
      $0.strategy = strategy
    }
    return tag == embedTag ? candidate : nil
  }

  /// The payload of `root` as a `Value`, through `Mirror`, and whether the payload's stored type
  /// is exactly `Value` (or a one-element labelled tuple of it), so its bytes can be copied.
  private static func reflectedPayload(of root: Root) -> (value: Value, hasExactLayout: Bool)? {
    guard let payload = Mirror(reflecting: root).children.first?.value else { return nil }
    if let value = payload as? Value {
      return (value, type(of: payload) == Value.self)
    }
    // `case child(action: Value)` reflects as the tuple `(action: Value)`.
    let tuple = Mirror(reflecting: payload)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1,
      let element = tuple.children.first?.value, let value = element as? Value
    else { return nil }
    return (value, type(of: element) == Value.self)
  }
}

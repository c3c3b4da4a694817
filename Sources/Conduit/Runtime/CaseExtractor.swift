/// Inverts an enum case constructor: given `AppAction.search`, finds the `Search.Action` inside
/// an `AppAction` when, and only when, the value is that case.
///
/// Without macros there is no generated case path, so the extractor works from the value and
/// the constructor. When it is made, it learns from the enum's metadata (once per enum and
/// payload type, for the whole process; see ``CaseAnalysis``) which cases can carry the payload
/// and how each stores it, and refuses, with a message naming the enum, the case and the fix, any
/// constructor it could not invert safely. To extract, it reads which case the value holds,
/// copies that case's payload out when it can carry one, and checks that the constructor builds
/// this very case, which tells apart cases that share a payload type (`case primary(Child)`,
/// `case secondary(Child)`).
///
/// Nothing is learned per instance, so it works the same when a reducer's `body` (and every
/// `Scope` in it) is rebuilt for each action.
@usableFromInline
struct CaseExtractor<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  /// The extraction written by hand, for payloads the runtime cannot read safely.
  @usableFromInline let explicitExtract: (@Sendable (Root) -> Value?)?
  /// What the metadata says of `Root`'s cases; nil with an explicit extraction. Unmanaged: the
  /// process-wide table keeps every analysis for the life of the process (see
  /// ``CaseAnalysis``), so copying an extractor, as every rebuilt `body` does, and reading its
  /// analysis count no references.
  @usableFromInline let analysis: Unmanaged<CaseAnalysis>?
  @usableFromInline let site: CaseSite

  /// An extractor for a case constructor, checked against the enum's metadata.
  ///
  /// - Precondition: `embed` can be inverted: `Root` is an enum with a case whose payload is a
  ///   `Value` stored the way generic code stores it. Otherwise the program stops with a message
  ///   saying why and what to write instead; the message survives release builds.
  @inlinable
  init(
    embed: @escaping @Sendable (Value) -> Root, fileID: StaticString, line: UInt,
    api: StaticString = "Scope"
  ) {
    let site = CaseSite(fileID: fileID, line: line, api: api)
    self.embed = embed
    self.explicitExtract = nil
    self.analysis = CaseAnalysis.checked(root: Root.self, value: Value.self, at: site)
    self.site = site
  }

  /// An extractor for a case constructor whose analysis was already accepted, by
  /// ``CaseAnalysis/checked(root:value:at:)`` for `Root` and `Value`, at `site`.
  @inlinable
  init(
    embed: @escaping @Sendable (Value) -> Root, checkedAnalysis: Unmanaged<CaseAnalysis>,
    site: CaseSite
  ) {
    self.embed = embed
    self.explicitExtract = nil
    self.analysis = checkedAnalysis
    self.site = site
  }

  /// An extractor for a case written out by hand.
  @inlinable
  init(_ casePath: AnyCasePath<Root, Value>, fileID: StaticString, line: UInt) {
    self.embed = casePath.embed
    self.explicitExtract = casePath.extract
    self.analysis = nil
    self.site = CaseSite(fileID: fileID, line: line, api: "AnyCasePath")
  }

  /// Inlined always, with the extraction on the analysis: most actions a `Scope` or `forEach`
  /// sees are not its case, and inlined into the client's specialised reducer the answer is a
  /// tag read and a table lookup, with nothing called but the enum's tag witness.
  @inlinable @inline(__always)
  func extract(from root: Root) -> Value? {
    guard let analysis else { return explicitExtract?(root) }
    return analysis._withUnsafeGuaranteedRef { extract(from: root, with: $0) }
  }

  @inlinable @inline(__always)
  func extract(from root: Root, with analysis: CaseAnalysis) -> Value? {
    if analysis.isIdentity { return root as? Value }
    // The analysis succeeded, so `Root` is an enum: its metadata reads.
    let metadata = EnumMetadata(provenEnum: Root.self)
    let tag = metadata.tag(of: root)
    let route = analysis.route(ofTag: tag)
    if case .none = route { return nil }
    return extract(from: root, tag: tag, route: route, with: analysis, metadata: metadata)
  }

  /// The payload of `root`, which holds case `tag`, when that case can carry a `Value` along
  /// `route` and the constructor builds this very case.
  @inlinable
  func extract(
    from root: Root, tag: UInt32, route: CaseAnalysis.Route, with analysis: CaseAnalysis,
    metadata: EnumMetadata
  ) -> Value? {
    let candidate: Value
    switch route {
    case .none:
      return nil
    case .inline:
      candidate = metadata.payload(of: root, tag: tag, as: Value.self)
    case .inlineOptional:
      guard let value = metadata.payload(of: root, tag: tag, as: Value?.self) else { return nil }
      candidate = value
    case .boxed(let route):
      guard let value = Self.boxedPayload(of: root, route: route) else { return nil }
      candidate = value
    }
    // The payload has the child's type; it is the child's case only if the constructor builds
    // this very case.
    let built = metadata.tag(of: embed(candidate))
    if built == tag { return candidate }
    if case .none = analysis.route(ofTag: built) {
      analysis.refuseConstructor(building: built, at: site)
    }
    return nil
  }

  /// The payload of an `indirect` case, through `Mirror`, which reads it out of its box.
  @usableFromInline
  static func boxedPayload(of root: Root, route: CaseAnalysis.BoxedRoute) -> Value? {
    guard let payload = Mirror(reflecting: root).children.first?.value else { return nil }
    switch route {
    case .whole:
      return payload as? Value
    case .onlyElement:
      // `case value(action: Child)` is boxed as the one-element tuple `(action: Child)`.
      return Mirror(reflecting: payload).children.first?.value as? Value
    case .optional:
      guard let optional = payload as? Value? else { return nil }
      return optional
    }
  }
}

/// Where an extractor was made, and for which API, for the messages that refuse it.
@usableFromInline
struct CaseSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let api: StaticString

  @inlinable
  init(fileID: StaticString, line: UInt, api: StaticString) {
    self.fileID = fileID
    self.line = line
    self.api = api
  }
}

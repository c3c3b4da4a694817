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
  /// The case `embed` builds, once an extraction that can keep it has called `embed` (see
  /// ``extractLearning(from:)``); `UInt32.max` until then.
  @usableFromInline var builtTag: UInt32 = .max
  /// How the payload of case `builtTag` is read, kept with it.
  @usableFromInline var builtRoute: CaseAnalysis.Route = .none

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
    var built = UInt32.max
    return analysis._withUnsafeGuaranteedRef { extract(from: root, with: $0, built: &built) }
  }

  /// ``extract(from:)`` for an extractor that is kept from action to action, as in a body a
  /// store built once and runs in place: the first time `embed` is called, the extractor keeps
  /// the case it builds, and from then on tells that case from the others by its tag alone,
  /// without calling `embed` again. Cases that share a payload type (`case first(Child)`,
  /// `case second(Child)`) cost a tag comparison instead of a payload copy and a constructor
  /// call each.
  @inlinable @inline(__always)
  mutating func extractLearning(from root: Root) -> Value? {
    guard let analysis else { return explicitExtract?(root) }
    let known = builtTag
    if known != .max {
      // `embed` builds case `known`: another case is not the child's, and this one's payload
      // is (the check below found it so).
      guard EnumMetadata(provenEnum: Root.self).tag(of: root) == known else { return nil }
      return payloadOfLearnedCase(root)
    }
    var built = UInt32.max
    let value = analysis._withUnsafeGuaranteedRef { extract(from: root, with: $0, built: &built) }
    if built != .max {
      builtTag = built
      builtRoute = analysis._withUnsafeGuaranteedRef { $0.route(ofTag: built) }
    }
    return value
  }

  /// The case of `root` when the case `embed` builds is learned (see
  /// ``extractLearning(from:)``), for comparing with ``builtTag``; nil before.
  @inlinable @inline(__always)
  func tagOnceLearned(of root: Root) -> UInt32? {
    guard builtTag != .max else { return nil }
    // `builtTag` is learned only with an analysis, so `Root` is an enum: its metadata reads.
    return EnumMetadata(provenEnum: Root.self).tag(of: root)
  }

  /// The payload of `root`, which holds the learned case `builtTag`.
  @inlinable @inline(__always)
  func payloadOfLearnedCase(_ root: Root) -> Value? {
    // Learned only with an analysis, so `Root` is an enum and `builtRoute` its case's route.
    Self.payload(
      of: root, tag: builtTag, route: builtRoute, metadata: EnumMetadata(provenEnum: Root.self))
  }

  /// The extraction, noting in `built` the case `embed` built when it was called.
  @inlinable @inline(__always)
  func extract(from root: Root, with analysis: CaseAnalysis, built: inout UInt32) -> Value? {
    if analysis.isIdentity { return root as? Value }
    // The analysis succeeded, so `Root` is an enum: its metadata reads.
    let metadata = EnumMetadata(provenEnum: Root.self)
    let tag = metadata.tag(of: root)
    let route = analysis.route(ofTag: tag)
    if case .none = route { return nil }
    return extract(
      from: root, tag: tag, route: route, with: analysis, metadata: metadata, built: &built)
  }

  /// The payload of `root`, which holds case `tag`, when that case can carry a `Value` along
  /// `route` and the constructor builds this very case; `built` is the case it built.
  @inlinable
  func extract(
    from root: Root, tag: UInt32, route: CaseAnalysis.Route, with analysis: CaseAnalysis,
    metadata: EnumMetadata, built: inout UInt32
  ) -> Value? {
    guard let candidate = Self.payload(of: root, tag: tag, route: route, metadata: metadata)
    else { return nil }
    // The payload has the child's type; it is the child's case only if the constructor builds
    // this very case.
    built = metadata.tag(of: embed(candidate))
    if built == tag { return candidate }
    if case .none = analysis.route(ofTag: built) {
      analysis.refuseConstructor(building: built, at: site)
    }
    return nil
  }

  /// The payload of `root`, which holds case `tag`, read along `route`: nil when the case
  /// carries no `Value` (or an optional one that is nil).
  @inlinable @inline(__always)
  static func payload(
    of root: Root, tag: UInt32, route: CaseAnalysis.Route, metadata: EnumMetadata
  ) -> Value? {
    switch route {
    case .none:
      return nil
    case .inline:
      return metadata.payload(of: root, tag: tag, as: Value.self)
    case .inlineOptional:
      return metadata.payload(of: root, tag: tag, as: Value?.self) ?? nil
    case .boxed(let route):
      return boxedPayload(of: root, route: route)
    }
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

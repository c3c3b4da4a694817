/// What the metadata of an enum says about extracting one payload type from it: for each case,
/// whether its payload can be read as that type and how. Found once per enum and payload type,
/// for the life of the process.
///
/// Analyses are immortal: the process-wide table below keeps every one it hands out and never
/// removes it, which is what lets extractors hold theirs `unowned(unsafe)`, with no reference
/// counting on the path every action takes.
///
/// It is also where constructors that cannot be inverted are refused, when a `Scope`, `ifLet` or
/// `forEach` is made rather than on its first action:
/// - the root is not an enum, or its cases cannot be read (no reflection metadata);
/// - no case carries the payload type, so the constructor given wraps the value further
///   (`{ .child(.presented($0)) }`) or is not a case at all, and would silently never match;
/// - a case that carries it stores it differently from generic code (functions, metatypes of
///   non-class types, tuples or optionals of those; see ``TypeMetadata/representationHazard``),
///   so its bytes cannot be read as the generic type.
///
/// Payload layouts that differ only in form are routed: a labelled payload (`case child(action:
/// Child)`) or a tuple with other labels (`case element(id: Int, action: Child)` for a child of
/// `(Int, Child)`) has its elements' layout, and an `Optional` payload (`case child(Child?)`)
/// routes its non-nil values to a `Child` extractor.
@usableFromInline
final class CaseAnalysis: @unchecked Sendable {
  // Unchecked: every stored property is a `let` set in `init`, and the route table that
  // `routeTable` points to is written only there, before the analysis is published through
  // the process-wide table's lock, and only read after. Nothing here changes once made.
  /// How the payload of one case becomes a `Value`.
  @usableFromInline
  enum Route: Sendable, Equatable {
    /// The case cannot carry a `Value`.
    case none
    /// The payload is laid out as a `Value`, in the enum's own bytes.
    case inline
    /// The payload is an `Optional<Value>` in the enum's own bytes; nil is not a `Value`.
    case inlineOptional
    /// The payload is in a box (`indirect`), read through `Mirror`.
    case boxed(BoxedRoute)
  }

  /// How a boxed payload, as `Mirror` hands it out, becomes a `Value`.
  @usableFromInline
  enum BoxedRoute: Sendable, Equatable {
    /// The payload is a `Value` (or a tuple of its elements under other labels).
    case whole
    /// The payload is a one-element labelled tuple around a `Value`.
    case onlyElement
    /// The payload is an `Optional<Value>`.
    case optional
  }

  /// Whether the extractor's value type is the root type itself: the identity constructor.
  @usableFromInline let isIdentity: Bool
  @usableFromInline let routes: [Route]
  /// `routes` again, in memory of its own that is never freed (analyses are immortal): read
  /// through a pointer, a lookup counts no references, where an array would be retained.
  @usableFromInline let routeTable: UnsafeMutablePointer<Route>
  @usableFromInline let routeCount: Int
  private let rootName: String
  private let valueName: String
  private let caseNames: [String]
  /// Why extraction is refused, when it is; the message adds the call site.
  private let refusal: Refusal?

  private enum Refusal {
    case notAnEnum
    case unreadable(String)
    case noCase
    case hazard(caseName: String, hazard: String)
  }

  private init(root: Any.Type, value: Any.Type) {
    rootName = ValueDescription.typeName(root)
    valueName = ValueDescription.typeName(value)
    isIdentity = root == value
    (routes, caseNames, refusal) = Self.analyse(root: root, value: value, isIdentity: isIdentity)
    routeCount = routes.count
    routeTable = .allocate(capacity: max(routes.count, 1))
    routeTable.initialize(from: routes, count: routes.count)
  }

  // No `deinit`: analyses are never freed (see the type's documentation), and their route
  // tables with them.

  private static func analyse(
    root: Any.Type, value: Any.Type, isIdentity: Bool
  ) -> (routes: [Route], caseNames: [String], refusal: Refusal?) {
    guard let metadata = EnumMetadata(root) else {
      return ([], [], isIdentity ? nil : .notAnEnum)
    }
    let cases: [EnumMetadata.Case]
    switch metadata.cases() {
    case .success(let found): cases = found
    case .failure(let error): return ([], [], isIdentity ? nil : .unreadable(error.reason))
    }
    let routes = cases.map { Self.route(for: $0, value: value) }
    let refusal: Refusal?
    if isIdentity {
      refusal = nil
    } else if let routed = Self.bestNamed(cases, routes, value: value) {
      refusal = Self.hazard(of: cases[routed], value: value, root: root).map {
        .hazard(caseName: cases[routed].name, hazard: $0)
      }
    } else {
      refusal = .noCase
    }
    return (routes, cases.map(\.name), refusal)
  }

  /// The case to name in a message about extracting `value`: one whose payload is exactly a
  /// `value`, else the first that can carry one.
  private static func bestNamed(
    _ cases: [EnumMetadata.Case], _ routes: [Route], value: Any.Type
  ) -> Int? {
    let routed = routes.indices.filter { routes[$0] != .none }
    return routed.first { cases[$0].payload == value } ?? routed.first
  }

  /// Why the payload of `enumCase`, which can carry a `value`, cannot be read as one.
  static func hazard(
    of enumCase: EnumMetadata.Case, value: Any.Type, root: Any.Type
  ) -> String? {
    let valueMetadata = TypeMetadata(value)
    if let hazard = valueMetadata.representationHazard { return hazard }
    guard !enumCase.isIndirect else { return nil }
    // What is read must be there: an inline payload lies within the enum's own bytes, and a
    // payload the enum stores in no bytes can only be read as a type of no bytes.
    let size = valueMetadata.size
    if enumCase.isStored ? size > TypeMetadata(root).size : size > 0 {
      return "stored in fewer bytes inside the enum than a value of its type takes"
    }
    return nil
  }

  private static func route(for enumCase: EnumMetadata.Case, value: Any.Type) -> Route {
    guard let payload = enumCase.payload else { return .none }
    let boxed = enumCase.isIndirect
    if payload == value { return boxed ? .boxed(.whole) : .inline }
    let payloadMetadata = TypeMetadata(payload)
    if let elements = payloadMetadata.tupleElements {
      // A tuple is laid out by its element types alone: labels do not move anything.
      if elements.count == 1, elements[0] == value { return boxed ? .boxed(.onlyElement) : .inline }
      if elements.count > 1,
        TypeMetadata(value).tupleElements.map({ $0.elementsEqual(elements, by: ==) }) == true
      {
        return boxed ? .boxed(.whole) : .inline
      }
    }
    if payloadMetadata.optionalWrapped == value {
      return boxed ? .boxed(.optional) : .inlineOptional
    }
    return .none
  }

  @inlinable
  func route(ofTag tag: UInt32) -> Route {
    Int(tag) < routeCount ? routeTable[Int(tag)] : .none
  }

  private static let known = Locked([Key: CaseAnalysis]())

  private struct Key: Hashable {
    let root: ObjectIdentifier
    let value: ObjectIdentifier
  }

  /// The analysis of extracting `value` from `root`; stops the program, naming `site`, when the
  /// constructor cannot be inverted safely.
  ///
  /// Unmanaged, because analyses are immortal: the caller keeps it without a retain.
  @usableFromInline
  static func checked(
    root: Any.Type, value: Any.Type, at site: CaseSite
  ) -> Unmanaged<CaseAnalysis> {
    let (rootID, valueID) = (ObjectIdentifier(root), ObjectIdentifier(value))
    // Only accepted analyses are kept there: a hit needs no further check.
    let thread = CaseAnalysisThreadCache.current
    if let analysis = thread._withUnsafeGuaranteedRef({
      $0.analysis(root: rootID, value: valueID)
    }) {
      return analysis
    }
    return checkedOnMiss(
      root: root, value: value, at: site, keepingIn: thread.takeUnretainedValue())
  }

  /// ``checked(root:value:at:)`` when this thread's cache misses: out of line, so that a hit
  /// stays a few instructions.
  @inline(never)
  private static func checkedOnMiss(
    root: Any.Type, value: Any.Type, at site: CaseSite, keepingIn thread: CaseAnalysisThreadCache
  ) -> Unmanaged<CaseAnalysis> {
    let (rootID, valueID) = (ObjectIdentifier(root), ObjectIdentifier(value))
    let key = Key(root: rootID, value: valueID)
    let analysis =
      known.withLock { $0[key] }
      ?? {
        let made = CaseAnalysis(root: root, value: value)
        // Another thread may have made one meanwhile: the first to arrive stays, so an analysis
        // once handed out is never released (extractors hold it unowned).
        return known.withLock { known in
          if let first = known[key] { return first }
          known[key] = made
          return made
        }
      }()
    if let message = analysis.refusalMessage(at: site) {
      // `fatalError`, not `precondition`: its message survives `-O`.
      fatalError(message)
    }
    thread.keep(analysis, root: rootID, value: valueID)
    return Unmanaged.passUnretained(analysis)
  }

  /// The message that refuses this analysis at `site`, or nil when extraction is allowed.
  func refusalMessage(at site: CaseSite) -> String? {
    guard let refusal else { return nil }
    let start = "\(site.fileID):\(site.line): \(site.api)"
    let explicit = "write the case out with `AnyCasePath(embed:extract:)`"
    switch refusal {
    case .notAnEnum:
      return """
        \(start) needs an enum case such as `Action.child` as its action, but \(rootName) is \
        not an enum.
        """
    case .unreadable(let reason):
      return """
        \(start) cannot find the cases of \(rootName): \(reason). Pass the action as \
        `AnyCasePath(embed:extract:)`.
        """
    case .noCase:
      return """
        \(start) was given an action that no case of \(rootName) can be: no case carries a \
        \(valueName), so it would never receive an action. Pass the case constructor itself, \
        such as `\(rootName).child` for `case child(\(valueName))`. A closure that wraps the \
        value further (`{ .child(.presented($0)) }`) cannot be inverted: pass the outer case, \
        or \(explicit).
        """
    case .hazard(let name, let hazard):
      return """
        \(start) cannot extract the case `\(name)` of \(rootName): its payload, \(valueName), \
        is \(hazard), which Swift stores differently inside an enum than in generic code, so \
        its bytes cannot be read safely. Pass the action as `AnyCasePath(embed: \
        \(rootName).\(name), extract: { if case .\(name)(let value) = $0 { value } else { nil } \
        })`.
        """
    }
  }

  /// Stops the program: the constructor of an extractor built case `tag`, which cannot carry
  /// the payload, so it wraps the value further and can never be inverted.
  @usableFromInline
  func refuseConstructor(building tag: UInt32, at site: CaseSite) -> Never {
    let built = Int(tag) < caseNames.count ? "`.\(caseNames[Int(tag)])`" : "case \(tag)"
    fatalError(
      """
      \(site.fileID):\(site.line): \(site.api) was given an action that builds \(built) of \
      \(rootName), which does not carry a \(valueName): it is not a case constructor, so it \
      can never be inverted. Pass the case constructor itself, or write the case out with \
      `AnyCasePath(embed:extract:)`.
      """)
  }
}

/// Walks two values side by side through `Mirror` and collects a ``StateDiff``'s changes.
struct StateDiffer {
  /// How deep the walk goes before it reports a whole value as changed.
  static let maxDepth = 12
  /// How many changed elements one collection lists.
  static let maxListedElements = 10
  /// How many changes one diff lists in all.
  static let maxChanges = 100

  private var changes: [StateDiff.Change] = []
  private var isTruncated = false
  /// The pairs of objects being compared further up, so a cycle of references ends.
  private var objectsInProgress: Set<[ObjectIdentifier]> = []

  mutating func finish() -> [StateDiff.Change] {
    if isTruncated { changes.append(.init(path: StateDiff.Path(), kind: .truncated)) }
    return changes
  }

  mutating func compare(_ old: Any, _ new: Any, at path: StateDiff.Path, depth: Int) {
    guard !isTruncated else { return }
    let equal = dynamicEquality(old, new)
    if equal == true { return }
    guard type(of: old) == type(of: new), depth < Self.maxDepth else {
      recordChange(old, new, at: path, whenEqualText: equal == false)
      return
    }
    let oldMirror = ValueDescription.mirror(of: old)
    let newMirror = ValueDescription.mirror(of: new)
    let count = changes.count
    switch oldMirror.displayStyle {
    case .optional:
      switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
      case (nil, nil): break
      case (let old?, let new?): compare(old, new, at: path, depth: depth + 1)
      default: recordChange(old, new, at: path, whenEqualText: true)
      }
    case .enum:
      if let oldCase = oldMirror.children.first, let newCase = newMirror.children.first,
        oldCase.label == newCase.label
      {
        let path = path.appending(.enumCase(oldCase.label ?? "?"))
        compare(oldCase.value, newCase.value, at: path, depth: depth + 1)
      } else {
        recordChange(old, new, at: path, whenEqualText: false)
      }
    case .collection:
      compareCollections(
        oldMirror.children.map(\.value), newMirror.children.map(\.value),
        ids: Self.distinctIDs(old, oldMirror).flatMap { oldIDs in
          Self.distinctIDs(new, newMirror).map { (oldIDs, $0) }
        }, at: path, depth: depth)
    case .dictionary:
      if !compareDictionaries(oldMirror, newMirror, at: path, depth: depth) {
        recordChange(old, new, at: path, whenEqualText: false)
      }
    case .set:
      compareSets(oldMirror, newMirror, at: path)
    default:
      compareProperties(old, new, oldMirror, newMirror, equal: equal, at: path, depth: depth)
    }
    // `==` said the values differ, yet no part of them does: say so at this level.
    if equal == false && changes.count == count && !isTruncated {
      recordChange(old, new, at: path, whenEqualText: true)
    }
  }

  private mutating func compareProperties(
    _ old: Any, _ new: Any, _ oldMirror: Mirror, _ newMirror: Mirror, equal: Bool?,
    at path: StateDiff.Path, depth: Int
  ) {
    if ValueDescription.isLeaf(old, oldMirror) {
      let (oldText, newText) = ValueDescription.pair(old, new)
      if oldText != newText {
        recordChange(old, new, at: path, whenEqualText: false)
        return
      }
      // The same text for unequal values (two dates within a second): look inside, if
      // there is an inside; otherwise the caller reports them.
      guard equal == false, !oldMirror.children.isEmpty else { return }
    }
    var objects: [ObjectIdentifier] = []
    if oldMirror.displayStyle == .class {
      let (oldObject, newObject) = (old as AnyObject, new as AnyObject)
      if oldObject === newObject { return }
      objects = [ObjectIdentifier(oldObject), ObjectIdentifier(newObject)]
      guard objectsInProgress.insert(objects).inserted else { return }
    }
    defer { if !objects.isEmpty { objectsInProgress.remove(objects) } }
    let oldChildren = Array(oldMirror.children)
    let newChildren = Array(newMirror.children)
    guard oldChildren.count == newChildren.count else {
      recordChange(old, new, at: path, whenEqualText: true)
      return
    }
    for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
      var name = oldChild.label ?? "\(index)"
      // Unlabelled tuple elements are labelled `.0`, `.1` by `Mirror`.
      if name.hasPrefix(".") { name.removeFirst() }
      compare(oldChild.value, newChild.value, at: path.appending(.property(name)), depth: depth + 1)
    }
  }

  private mutating func compareCollections(
    _ old: [Any], _ new: [Any], ids: ([AnyHashable], [AnyHashable])?, at path: StateDiff.Path,
    depth: Int
  ) {
    var elements = ElementTally()
    if let (oldIDs, newIDs) = ids {
      let oldByID = Dictionary(uniqueKeysWithValues: zip(oldIDs, old))
      let newByID = Dictionary(uniqueKeysWithValues: zip(newIDs, new))
      let oldOrder = oldIDs.filter { newByID[$0] != nil }
      let newOrder = newIDs.filter { oldByID[$0] != nil }
      if oldOrder != newOrder {
        append(
          .reordered(
            from: ValueDescription.of(oldOrder.map(\.base)),
            to: ValueDescription.of(newOrder.map(\.base))), at: path)
      }
      for (id, oldElement) in zip(oldIDs, old) {
        let path = path.appending(.id(ValueDescription.of(id.base)))
        if let newElement = newByID[id] {
          compareElement(oldElement, newElement, at: path, depth: depth, tally: &elements)
        } else {
          listElement(.removed(ValueDescription.of(oldElement)), at: path, tally: &elements)
        }
      }
      for (id, newElement) in zip(newIDs, new) where oldByID[id] == nil {
        let path = path.appending(.id(ValueDescription.of(id.base)))
        listElement(.added(ValueDescription.of(newElement)), at: path, tally: &elements)
      }
    } else {
      for index in 0..<max(old.count, new.count) {
        let path = path.appending(.index(index))
        if index >= new.count {
          listElement(.removed(ValueDescription.of(old[index])), at: path, tally: &elements)
        } else if index >= old.count {
          listElement(.added(ValueDescription.of(new[index])), at: path, tally: &elements)
        } else {
          compareElement(old[index], new[index], at: path, depth: depth, tally: &elements)
        }
      }
    }
    summarize(elements, at: path)
  }

  /// Compares entry by entry; returns false when the entries cannot be read as key and value.
  private mutating func compareDictionaries(
    _ oldMirror: Mirror, _ newMirror: Mirror, at path: StateDiff.Path, depth: Int
  ) -> Bool {
    guard let old = Self.entries(of: oldMirror), let new = Self.entries(of: newMirror) else {
      return false
    }
    var elements = ElementTally()
    let keys = Set(old.keys).union(new.keys).map { key in
      (key: key, text: ValueDescription.of(old[key]?.key ?? new[key]!.key))
    }
    for (key, text) in keys.sorted(by: { $0.text < $1.text }) {
      let path = path.appending(.key(text))
      switch (old[key]?.value, new[key]?.value) {
      case (let oldValue?, let newValue?):
        compareElement(oldValue, newValue, at: path, depth: depth, tally: &elements)
      case (let oldValue?, nil):
        listElement(.removed(ValueDescription.of(oldValue)), at: path, tally: &elements)
      case (nil, let newValue?):
        listElement(.added(ValueDescription.of(newValue)), at: path, tally: &elements)
      case (nil, nil):
        break
      }
    }
    summarize(elements, at: path)
    return true
  }

  private mutating func compareSets(
    _ oldMirror: Mirror, _ newMirror: Mirror, at path: StateDiff.Path
  ) {
    let old = Set(oldMirror.children.compactMap { $0.value as? AnyHashable })
    let new = Set(newMirror.children.compactMap { $0.value as? AnyHashable })
    var elements = ElementTally()
    for text in old.subtracting(new).map({ ValueDescription.of($0.base) }).sorted() {
      listElement(.removed(text), at: path, tally: &elements)
    }
    for text in new.subtracting(old).map({ ValueDescription.of($0.base) }).sorted() {
      listElement(.added(text), at: path, tally: &elements)
    }
    summarize(elements, at: path)
  }

  // MARK: - Elements

  /// What one collection's comparison has found so far: the elements it listed as changed,
  /// and those it found changed past the listing's limit.
  private struct ElementTally {
    var listed = 0
    var unlisted = 0
  }

  private mutating func compareElement(
    _ old: Any, _ new: Any, at path: StateDiff.Path, depth: Int, tally: inout ElementTally
  ) {
    if tally.listed < Self.maxListedElements {
      let count = changes.count
      compare(old, new, at: path, depth: depth + 1)
      if changes.count > count { tally.listed += 1 }
    } else if !(dynamicEquality(old, new)
      ?? (ValueDescription.of(old) == ValueDescription.of(new)))
    {
      tally.unlisted += 1
    }
  }

  private mutating func listElement(
    _ kind: StateDiff.Change.Kind, at path: StateDiff.Path, tally: inout ElementTally
  ) {
    if tally.listed < Self.maxListedElements {
      append(kind, at: path)
      tally.listed += 1
    } else {
      tally.unlisted += 1
    }
  }

  private mutating func summarize(_ tally: ElementTally, at path: StateDiff.Path) {
    if tally.unlisted > 0 { append(.moreChanges(tally.unlisted), at: path) }
  }

  // MARK: - Recording

  private mutating func recordChange(
    _ old: Any, _ new: Any, at path: StateDiff.Path, whenEqualText: Bool
  ) {
    let (oldText, newText) = ValueDescription.pair(old, new)
    guard whenEqualText || oldText != newText else { return }
    append(.changed(from: oldText, to: newText), at: path)
  }

  private mutating func append(_ kind: StateDiff.Change.Kind, at path: StateDiff.Path) {
    guard !isTruncated else { return }
    guard changes.count < Self.maxChanges else {
      isTruncated = true
      return
    }
    changes.append(StateDiff.Change(path: path, kind: kind))
  }

  // MARK: - Reflection helpers

  /// The ids of a collection's elements, when it knows them (an ``IdentifiedArray``) or every
  /// element is `Identifiable`, and no id repeats; nil otherwise.
  private static func distinctIDs(_ collection: Any, _ mirror: Mirror) -> [AnyHashable]? {
    if let identified = collection as? any IdentifiedElementsReflecting {
      return identified.reflectedIDs
    }
    var ids: [AnyHashable] = []
    var seen: Set<AnyHashable> = []
    for element in mirror.children.map(\.value) {
      guard let identifiable = element as? any Identifiable else { return nil }
      let id = identity(of: identifiable)
      guard seen.insert(id).inserted else { return nil }
      ids.append(id)
    }
    return ids
  }

  private static func identity<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }

  /// A dictionary's entries by key, keeping the key itself for describing it.
  private static func entries(of mirror: Mirror) -> [AnyHashable: (key: Any, value: Any)]? {
    var entries: [AnyHashable: (key: Any, value: Any)] = [:]
    for entry in mirror.children {
      let pair = Array(Mirror(reflecting: entry.value).children)
      guard pair.count == 2, let key = pair[0].value as? AnyHashable else { return nil }
      entries[key] = (pair[0].value, pair[1].value)
    }
    return entries
  }
}

/// `old == new` when the values are of one `Equatable` type; nil when they are not `Equatable`.
func dynamicEquality(_ old: Any, _ new: Any) -> Bool? {
  guard let old = old as? any Equatable else { return nil }
  return old.isEqual(toAny: new)
}

extension Equatable {
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

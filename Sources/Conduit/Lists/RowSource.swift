/// What a collection of row stores reads its rows from: an ``IdentifiedArray``, or the screens of
/// a ``StackState``. Both keep a change log, which is what lets row stores update in proportion
/// to what changed.
protocol RowSource {
  associatedtype RowID: Hashable
  associatedtype Row

  /// The ids of the rows, in order.
  var rowIDs: [RowID] { get }
  /// The point in the rows' history that ``rowChanges(since:)`` counts from.
  var rowVersion: ChangeLogVersion { get }
  /// The changes made after `version`, oldest first; nil when they are not all known.
  func rowChanges(since version: ChangeLogVersion) -> ChangeLog<RowID>.Changes?
  /// The row with the given id, or nil.
  func row(_ id: RowID) -> Row?
}

extension IdentifiedArray: RowSource {
  var rowIDs: [ID] { _ids }
  var rowVersion: ChangeLogVersion { version }
  func rowChanges(since version: ChangeLogVersion) -> ChangeLog<ID>.Changes? {
    changes(since: version)
  }
  func row(_ id: ID) -> Element? { self[id: id] }
}

extension StackState: RowSource {
  var rowIDs: [StackElementID] { components.ids }
  var rowVersion: ChangeLogVersion { components.version }
  func rowChanges(since version: ChangeLogVersion) -> ChangeLog<StackElementID>.Changes? {
    components.changes(since: version)
  }
  func row(_ id: StackElementID) -> Element? { components[id: id]?.element }
}

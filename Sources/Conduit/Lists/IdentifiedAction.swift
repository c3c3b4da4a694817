/// An action for one element of an ``IdentifiedArray``, addressed by its id.
///
/// A list feature carries its rows' actions in one case:
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
///
/// store.send(.rows(.element(id: row.id, action: .toggled)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action>: CustomStringConvertible {
  /// The action `action` for the element whose id is `id`.
  case element(id: ID, action: Action)

  /// The id of the element the action is for.
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The element's action.
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }

  /// A description such as `element(id: 3, action: toggled)`.
  public var description: String {
    "element(id: \(id), action: \(action))"
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The action of a row of `Row` reducers, identified by the row state's id.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

import Foundation

/// An episode of a show in the catalog.
struct Episode: Equatable, Sendable {
  var ids: Ids
  var title: String
  var firstAired: Date?
}

import Foundation

/// A show in the catalog, with its episodes in airing order.
struct Show: Equatable, Sendable {
  var id: Int
  var title: String
  var network: String
  var posterURL: URL?
  var episodes: [Episode]
}

import Foundation

/// The artwork known for an episode's show, shaped like the image API the seed reads
/// (`showImages[ids]?.tvPosters?.first?.url`).
struct ShowImages: Equatable, Sendable {
  struct Image: Equatable, Sendable {
    var url: URL
  }

  var tvPosters: [Image]?
}

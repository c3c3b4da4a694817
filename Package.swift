// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Conduit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Conduit", targets: ["Conduit"]),
    .executable(name: "tv-tracker", targets: ["TVTracker"]),
  ],
  targets: [
    .target(name: "Conduit"),
    .testTarget(name: "ConduitTests", dependencies: ["Conduit"]),
    // The example app: its logic in a library the tests import, a thin executable for the terminal.
    .target(
      name: "TVTrackerCore", dependencies: ["Conduit"],
      resources: [.copy("Resources/catalog.json")]),
    .executableTarget(name: "TVTracker", dependencies: ["TVTrackerCore"]),
    .testTarget(name: "TVTrackerTests", dependencies: ["TVTrackerCore"]),
  ],
  swiftLanguageModes: [.v6]
)

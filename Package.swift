// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Conduit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Conduit", targets: ["Conduit"]),
    // For test targets only: it links XCTest and Swift Testing.
    .library(name: "ConduitTesting", targets: ["ConduitTesting"]),
    .executable(name: "tv-tracker", targets: ["TVTracker"]),
  ],
  targets: [
    .target(name: "Conduit"),
    .target(name: "ConduitTesting", dependencies: ["Conduit"]),
    .testTarget(name: "ConduitTests", dependencies: ["Conduit", "CAllocationCounter"]),
    // Counts a thread's heap allocations, for the test that a steady-state send makes none.
    .target(name: "CAllocationCounter"),
    .testTarget(name: "ConduitTestingTests", dependencies: ["Conduit", "ConduitTesting"]),
    // The example app: its logic in a library the tests import, a thin executable for the terminal.
    .target(
      name: "TVTrackerCore", dependencies: ["Conduit"],
      resources: [.copy("Resources/catalog.json")]),
    .executableTarget(name: "TVTracker", dependencies: ["TVTrackerCore"]),
    .testTarget(name: "TVTrackerTests", dependencies: ["TVTrackerCore", "ConduitTesting"]),
  ],
  swiftLanguageModes: [.v6]
)

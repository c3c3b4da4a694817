// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Conduit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "Conduit", targets: ["Conduit"])
  ],
  targets: [
    .target(name: "Conduit"),
    .testTarget(name: "ConduitTests", dependencies: ["Conduit"]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.2
import PackageDescription

// A package of its own, so the library never depends on benchmark code.
let package = Package(
  name: "ConduitBenchmarks",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "conduit-benchmarks", targets: ["ConduitBenchmarks"])
  ],
  dependencies: [
    // Named, because a path dependency is otherwise known by its folder's name, which depends
    // on where the repository was cloned.
    .package(name: "Conduit", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "ConduitBenchmarks",
      dependencies: [
        .product(name: "Conduit", package: "Conduit"),
        "CHeapStats",
      ]
    ),
    // glibc's `mallinfo2` (and Darwin's malloc statistics) for scenario 7's heap measure.
    .target(name: "CHeapStats"),
  ],
  swiftLanguageModes: [.v6]
)

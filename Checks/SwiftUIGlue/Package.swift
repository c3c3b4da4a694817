// swift-tools-version: 6.2
// Compiles Conduit's SwiftUI glue on Linux, against a stand-in `SwiftUI` module that declares
// the SwiftUI symbols the glue uses with Apple's signatures (see Sources/SwiftUI/StandIn.swift).
//
// `Sources/Conduit` is a symlink to the library's own sources (../../../Sources/Conduit), so
// the very files the library ships are compiled, with `canImport(SwiftUI)` true. SwiftPM
// refuses a target `path:` outside the package's root, but follows a symlink inside it.
// `GlueUsage` calls the glue as an app would, so a call site that no longer type-checks fails
// here too. Run it as `.ci/run` does:
//
//   swift build --package-path Checks/SwiftUIGlue -Xswiftc -warnings-as-errors
import PackageDescription

let package = Package(
  name: "SwiftUIGlue",
  targets: [
    .target(name: "SwiftUI"),
    .target(name: "Conduit", dependencies: ["SwiftUI"]),
    .target(name: "GlueUsage", dependencies: ["Conduit", "SwiftUI"]),
  ],
  swiftLanguageModes: [.v6]
)

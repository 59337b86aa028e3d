// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Bindery",
  // Duration and Clock (timeouts, backoff, the first-display hold) are iOS 16 / tvOS 16 /
  // macOS 13 APIs; reconfigureRows(at:) / reconfigureItems(at:) are iOS 15+.
  platforms: [.iOS(.v16), .tvOS(.v16), .macOS(.v13), .visionOS(.v1)],
  products: [
    .library(name: "BinderyDiff", targets: ["BinderyDiff"]),
    .library(name: "Bindery", targets: ["Bindery"]),
    .library(name: "BinderyUIKit", targets: ["BinderyUIKit"]),
    .library(name: "BinderyHTTP", targets: ["BinderyHTTP"]),
    .library(name: "BinderySwiftUI", targets: ["BinderySwiftUI"]),
    .library(name: "HeadlessUIKit", targets: ["HeadlessUIKit"]),
    .executable(name: "bindery-demo", targets: ["bindery-demo"]),
    .executable(name: "bindery-bench", targets: ["bindery-bench"]),
  ],
  targets: [
    .target(name: "BinderyDiff"),
    .target(name: "Bindery", dependencies: ["BinderyDiff"]),
    // Where UIKit exists (iOS, tvOS, visionOS, Mac Catalyst) the adapter builds against UIKit
    // and Combine; everywhere else, macOS included, against HeadlessUIKit, which declares the
    // same symbols. The source is the same.
    .target(
      name: "BinderyUIKit",
      dependencies: [
        "Bindery",
        .target(
          name: "HeadlessUIKit",
          condition: .when(platforms: [.macOS, .linux, .windows, .android, .wasi, .openbsd])),
      ]),
    .target(name: "HeadlessUIKit"),
    // SwiftUI lists on Bindery's UIKit engine: the coordinator is UIKit code, built and tested
    // everywhere against HeadlessUIKit; the SwiftUI view around it builds only where SwiftUI
    // exists (`#if canImport(SwiftUI)`), and .ci/ios-check compiles it against Apple's SDK.
    .target(
      name: "BinderySwiftUI",
      dependencies: [
        "Bindery", "BinderyUIKit",
        .target(
          name: "HeadlessUIKit",
          condition: .when(platforms: [.macOS, .linux, .windows, .android, .wasi, .openbsd])),
      ]),
    // Loading content over HTTP needs Foundation, which Bindery itself does without.
    .target(name: "BinderyHTTP", dependencies: ["Bindery"]),
    // Not a product: the replay checker, seeded generators, reference computations, test loaders
    // and a blank ListView that the tests, the fuzzer and the benchmarks share.
    .target(name: "BinderyTesting", dependencies: ["Bindery", "HeadlessUIKit"]),
    // The example app's model — the mates, the simulated feed, the view model — built on its
    // own so that its tests run on Linux; the app around it is compiled against Apple's SDK by
    // .ci/ios-check.
    .target(
      name: "MateListModel",
      dependencies: [
        "BinderyUIKit",
        .target(
          name: "HeadlessUIKit",
          condition: .when(platforms: [.macOS, .linux, .windows, .android, .wasi, .openbsd])),
      ],
      path: "Examples/MateList/Model"),
    .executableTarget(
      name: "bindery-demo",
      dependencies: ["Bindery", "BinderyUIKit", "HeadlessUIKit", "BinderyTesting"]),
    // Not a product: the binding fuzzer (one bound screen under random lists, scrolls, gestures,
    // content and lifetimes, checked after every step), for the tests and bindery-fuzz.
    .target(
      name: "BinderyFuzzing",
      dependencies: ["Bindery", "BinderyUIKit", "HeadlessUIKit", "BinderyTesting"]),
    .executableTarget(name: "bindery-fuzz", dependencies: ["BinderyFuzzing"]),
    .executableTarget(
      name: "bindery-bench",
      dependencies: [
        "Bindery", "BinderyUIKit", "BinderySwiftUI", "HeadlessUIKit", "BinderyTesting",
      ]),
    .testTarget(
      name: "BinderyDiffTests", dependencies: ["BinderyDiff", "HeadlessUIKit", "BinderyTesting"]),
    .testTarget(name: "BinderyTests", dependencies: ["Bindery", "BinderyTesting"]),
    .testTarget(name: "BinderyHTTPTests", dependencies: ["BinderyHTTP", "Bindery"]),
    .testTarget(name: "HeadlessUIKitTests", dependencies: ["HeadlessUIKit"]),
    .testTarget(
      name: "BinderyUIKitTests",
      dependencies: [
        "BinderyUIKit", "BinderySwiftUI", "HeadlessUIKit", "BinderyTesting", "BinderyFuzzing",
      ]),
    .testTarget(
      name: "BinderySwiftUITests",
      dependencies: ["BinderySwiftUI", "BinderyUIKit", "HeadlessUIKit", "BinderyTesting"]),
    .testTarget(
      name: "MateListModelTests",
      dependencies: [
        "MateListModel", "BinderyUIKit", "BinderySwiftUI", "HeadlessUIKit", "BinderyTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

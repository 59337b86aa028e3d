import Foundation
import Testing

/// `Examples/MateList.xcodeproj`, the project that opens the example app in Xcode in one step:
/// it cannot be built here, so what can be checked without Xcode is: that it is a well-formed
/// project file, that every object it names exists, that it compiles the example's folder and
/// links the package it sits in, and that every module the example imports is linked or Apple's.
@Suite("The example's Xcode project")
struct ExampleProjectTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let examples = root.appendingPathComponent("Examples")

  /// The project's objects by identifier, and its root object's.
  static func project() throws -> (objects: [String: [String: Any]], root: String) {
    let file = examples.appendingPathComponent("MateList.xcodeproj/project.pbxproj")
    var format = PropertyListSerialization.PropertyListFormat.openStep
    let plist = try PropertyListSerialization.propertyList(
      from: try Data(contentsOf: file), options: [], format: &format)
    let top = try #require(plist as? [String: Any], "a property list dictionary")
    let objects = try #require(top["objects"] as? [String: [String: Any]], "its objects")
    let root = try #require(top["rootObject"] as? String, "its root object")
    return (objects, root)
  }

  /// Every value in `value` that is an object identifier's shape (24 hexadecimal digits).
  static func references(in value: Any) -> [String] {
    switch value {
    case let string as String:
      string.count == 24 && string.allSatisfy(\.isHexDigit) ? [string] : []
    case let array as [Any]: array.flatMap(references)
    case let dictionary as [String: Any]:
      dictionary.keys.flatMap { references(in: $0) } + dictionary.values.flatMap(references)
    default: []
    }
  }

  /// The objects of one kind.
  static func objects(_ isa: String, in objects: [String: [String: Any]]) -> [[String: Any]] {
    objects.values.filter { $0["isa"] as? String == isa }
  }

  @Test func everyObjectItNamesExists() throws {
    let (objects, root) = try Self.project()
    #expect(objects[root]?["isa"] as? String == "PBXProject")
    for (id, object) in objects {
      #expect(object["isa"] is String, "\(id) has a kind")
      for reference in Self.references(in: object) {
        #expect(objects[reference] != nil, "\(id) names \(reference), which is not in the file")
      }
    }
  }

  @Test func itBuildsTheExamplesFolderAsAnAppOnTheSupportedSystems() throws {
    let (objects, _) = try Self.project()
    let targets = Self.objects("PBXNativeTarget", in: objects)
    try #require(targets.count == 1)
    #expect(targets[0]["productType"] as? String == "com.apple.product-type.application")
    let folders = Self.objects("PBXFileSystemSynchronizedRootGroup", in: objects)
    try #require(folders.count == 1)
    let folder = Self.examples.appendingPathComponent(try #require(folders[0]["path"] as? String))
    let app = try String(
      contentsOf: folder.appendingPathComponent("MateListApp.swift"), encoding: .utf8)
    #expect(app.contains("@main"), "the folder holds the app's entry point")
    for exceptions in Self.objects("PBXFileSystemSynchronizedBuildFileExceptionSet", in: objects) {
      for file in exceptions["membershipExceptions"] as? [String] ?? [] {
        #expect(
          FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path),
          "\(file), left out of the target, exists")
      }
    }
    // The package supports iOS 16: the app targets no earlier system, in Swift 6 as the
    // package's checks compile the example.
    for configuration in Self.objects("XCBuildConfiguration", in: objects) {
      let settings = configuration["buildSettings"] as? [String: Any] ?? [:]
      if let target = settings["IPHONEOS_DEPLOYMENT_TARGET"] as? String {
        #expect(Double(target).map { $0 >= 16 } == true)
      }
      if let swift = settings["SWIFT_VERSION"] as? String { #expect(swift == "6.0") }
    }
  }

  @Test func itLinksThePackageItSitsInAndEveryModuleTheExampleImports() throws {
    let (objects, _) = try Self.project()
    let packages = Self.objects("XCLocalSwiftPackageReference", in: objects)
    try #require(packages.count == 1)
    let path = try #require(packages[0]["relativePath"] as? String)
    let package = Self.examples.appendingPathComponent(path).appendingPathComponent(
      "Package.swift"
    ).standardizedFileURL
    #expect(package.path == Self.root.appendingPathComponent("Package.swift").path)
    let manifest = try String(contentsOf: package, encoding: .utf8)
    let linked = Set(
      Self.objects("XCSwiftPackageProductDependency", in: objects).compactMap {
        $0["productName"] as? String
      })
    for product in linked {
      #expect(manifest.contains(".library(name: \"\(product)\""), "\(product) is a library")
    }
    let apple: Set = ["Combine", "Foundation", "Observation", "SwiftUI", "UIKit"]
    let sources = Self.examples.appendingPathComponent("MateList")
    let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path)
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.components(separatedBy: "\n") where line.hasPrefix("import ") {
        let module = String(line.dropFirst("import ".count))
        #expect(apple.contains(module) || linked.contains(module), "\(file) imports \(module)")
      }
    }
  }
}

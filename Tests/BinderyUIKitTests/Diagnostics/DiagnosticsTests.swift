import Foundation
import Testing

/// The mistakes a user makes in a cell provider, compiled as a user's app would be: each must
/// be reported as that mistake, on its line, and nothing else. With one `bind` per kind of
/// source, four of these six were blamed on the source ("requires that
/// 'Published<[Mate]>.Publisher' conform to 'AsyncSequence'"): the compiler picked another
/// overload to explain the closure's error. The snippets are in `Tests/Diagnostics/`, outside
/// every target, each compiled with the app around it (`Model/Mates.swift`); `.ci/ios-check` compiles the same files against Apple's SDK.
///
/// Each snippet says what the compiler must say, on the line before the mistake:
/// `// The compiler says, of the next line: <message>` (`…` stands for a type name that differs
/// between UIKit and HeadlessUIKit).
@Suite("What the compiler says of a mistake")
struct DiagnosticsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let marker = "// The compiler says, of the next line: "

  static let snippets = [
    "TypoWithAPublisher", "TypoWithLateContent", "TypoWithAnAsyncSequence", "TypoInAGrid",
    "WrongReturnType", "ItemNotEquatable", "DroppedBinding",
    "TypoInAContentKey", "TypoInAContentKeyOfAProperty", "TypoInAContentKeyStoredInCancellables",
    "TypoInAContentKeyOfObservedState",
    "TypoWithObservation", "TableModifierOnAGrid", "TypoWithTwoKindsOfContent",
  ]

  /// One error the compiler reported, or a snippet expects.
  struct Diagnostic: Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }

    /// Whether `actual` is this expected diagnostic: the same line, and the message with each
    /// `…` standing for any text; an "(aka …)" the compiler adds is ignored.
    func matches(_ actual: Diagnostic) -> Bool {
      guard line == actual.line else { return false }
      // The compiler's "(aka …)" and its diagnostic group ("[#no-usage]") are not the message.
      var rest = Substring(
        actual.message
          .replacingOccurrences(of: #" \(aka '[^']*'\)"#, with: "", options: .regularExpression)
          .replacingOccurrences(of: #" \[#[A-Za-z-]+\]$"#, with: "", options: .regularExpression))
      let parts = message.components(separatedBy: "…")
      guard let first = parts.first, rest.hasPrefix(first) else { return false }
      rest = rest.dropFirst(first.count)
      for part in parts.dropFirst() {
        guard let found = rest.range(of: part) else { return false }
        rest = rest[found.upperBound...]
      }
      return rest.isEmpty
    }
  }

  /// The errors `source` says the compiler reports.
  static func expected(in source: String) -> [Diagnostic] {
    source.components(separatedBy: "\n").enumerated().compactMap { index, line in
      guard let range = line.range(of: marker) else { return nil }
      return Diagnostic(line: index + 2, message: String(line[range.upperBound...]))
    }
  }

  /// Where the test build keeps the modules a client imports: next to the test binary.
  static func modulesDirectory() -> URL? {
    let candidates = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      root.appendingPathComponent(".build/debug"),
    ]
    return candidates.map { $0.appendingPathComponent("Modules") }.first {
      FileManager.default.fileExists(
        atPath: $0.appendingPathComponent("BinderyUIKit.swiftmodule").path)
    }
  }

  /// Type-checks `file` (with `others`, in one module) as a client of the package's modules;
  /// returns the diagnostics of `kind` reported in `file`, and everything the compiler printed.
  static func compile(
    _ file: URL, with others: [URL] = [], modules: URL, flags: [String] = [],
    kind: String = "error"
  ) throws -> (errors: [Diagnostic], output: String) {
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments =
      ["swiftc", "-typecheck", "-I", modules.path] + flags + [file.path] + others.map(\.path)
    let pipe = Pipe()
    compiler.standardOutput = pipe
    compiler.standardError = pipe
    try compiler.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    compiler.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    let prefix = file.path + ":"
    let errors = output.components(separatedBy: "\n").compactMap { line -> Diagnostic? in
      guard line.hasPrefix(prefix) else { return nil }
      let fields = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 3)
      guard fields.count == 4, let number = Int(fields[0]),
        fields[2].trimmingCharacters(in: .whitespaces) == kind
      else { return nil }
      return Diagnostic(line: number, message: fields[3].trimmingCharacters(in: .whitespaces))
    }
    return (errors, output)
  }

  @Test(arguments: snippets)
  func aMistakeIsReportedAsThatMistake(_ snippet: String) throws {
    let file = Self.root.appendingPathComponent("Tests/Diagnostics/\(snippet).swift")
    let expected = Self.expected(in: try String(contentsOf: file, encoding: .utf8))
    try #require(expected.count == 1, "each snippet makes one mistake")
    let modules = try #require(Self.modulesDirectory(), "the test build's Modules folder")
    let app = Self.root.appendingPathComponent("Tests/Diagnostics/Model/Mates.swift")
    // Warnings as errors, as `.ci/ios-check` compiles them against the SDK: a dropped binding
    // is a warning, and an app that builds clean has none.
    let (errors, output) = try Self.compile(
      file, with: [app], modules: modules, flags: ["-warnings-as-errors"])
    #expect(errors.count == 1, "one error, the mistake's:\n\(output)")
    #expect(
      errors.contains { expected[0].matches($0) },
      "expected \(expected[0]); the compiler said \(errors)\n\(output)")
  }

  /// The README's and the articles' snippets are code a user copies: no expression in them
  /// may take the type checker past 100 ms (on this machine the slowest takes under 10).
  @Test(arguments: ["ReadmeSnippets", "ArticleSnippets", "MigrationSnippets"])
  func noSnippetExpressionIsSlowToTypeCheck(_ name: String) throws {
    let folder = Self.root.appendingPathComponent("Tests/BinderyUIKitTests/Readme")
    let files = ["ReadmeSnippets", "ArticleSnippets", "MigrationSnippets"].map {
      folder.appendingPathComponent("\($0).swift")
    }
    let file = folder.appendingPathComponent("\(name).swift")
    let modules = try #require(Self.modulesDirectory(), "the test build's Modules folder")
    let flags = ["-Xfrontend", "-warn-long-expression-type-checking=100"]
    let (slow, output) = try Self.compile(
      file, with: files.filter { $0 != file }, modules: modules, flags: flags, kind: "warning")
    #expect(slow.isEmpty, "\(output)")
    #expect(!output.contains("error:"), "the snippets compile as a client:\n\(output)")
  }

  /// The matcher itself: a wrong line, a wrong message or a message with more after it is not
  /// the expected diagnostic.
  @Test func theMatcherTellsDiagnosticsApart() {
    let typo = Diagnostic(line: 3, message: "value of type 'Mate' has no member 'nam'")
    #expect(typo.matches(typo))
    #expect(!typo.matches(Diagnostic(line: 4, message: typo.message)))
    #expect(!typo.matches(Diagnostic(line: 3, message: "value of type 'Mate' has no member 'n'")))
    let wrongType = Diagnostic(
      line: 9, message: "cannot convert value of type '…' to closure result type 'UITableViewCell'")
    #expect(
      wrongType.matches(
        Diagnostic(
          line: 9,
          message: "cannot convert value of type 'UIView' to closure result type 'UITableViewCell'"
        )))
    #expect(
      wrongType.matches(
        Diagnostic(
          line: 9,
          message:
            "cannot convert value of type 'HeadlessView' to closure result type 'UITableViewCell' "
            + "(aka 'HeadlessTableViewCell')")))
    #expect(
      !wrongType.matches(
        Diagnostic(line: 9, message: "cannot convert value of type 'UIView' to 'String'")))
  }
}

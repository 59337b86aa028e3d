import BinderyDiff

/// An item for tests and benchmarks: identity `id`, content `content`.
public struct TestItem: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The identity.
  public var id: Int
  /// The content; a change of it is a reconfigure.
  public var content: Int

  /// Creates an item.
  public init(id: Int, content: Int = 0) {
    self.id = id
    self.content = content
  }

  /// `id:content`.
  public var description: String { "\(id):\(content)" }
}

/// A section for tests: identity `id`, content `title`.
public struct TestSection: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The identity.
  public var id: Int
  /// The content; a change of it is a section reconfigure.
  public var title: Int

  /// Creates a section.
  public init(id: Int, title: Int = 0) {
    self.id = id
    self.title = title
  }

  /// `Sid:title`.
  public var description: String { "S\(id):\(title)" }
}

/// The snapshot type tests use.
public typealias TestSnapshot = Snapshot<TestSection, TestItem>

extension Snapshot {
  /// Builds a snapshot from parts known to be unique; test inputs only.
  ///
  /// Generators produce unique ids by construction; a repeat here is a bug in the generator, so
  /// the lenient initializer's report is turned into a precondition failure.
  public static func unique(_ sections: [ListSection<Section, Item>]) -> Self {
    let (snapshot, dropped) = lenient(sections)
    precondition(dropped == nil, "generator produced duplicate ids: \(String(describing: dropped))")
    return snapshot
  }
}

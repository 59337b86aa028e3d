import Foundation

/// A loader that returns at once, counts its loads per key, and fails the keys it is told to:
/// what the tests of retries, limits and lifetimes count loads with.
public final class CountingLoader<Content: Sendable>: @unchecked Sendable {
  /// The error a failing load throws.
  public struct Offline: Error, Equatable {}

  private let lock = NSLock()
  private let content: @Sendable (Int) -> Content
  private var counts: [Int: Int] = [:]
  private var failingKeys: Set<Int> = []

  /// A loader whose load of `key` returns `content(key)`.
  public init(content: @escaping @Sendable (Int) -> Content) {
    self.content = content
  }

  /// The keys whose loads throw ``Offline``; the others succeed.
  public var failing: Set<Int> {
    get { lock.withLock { failingKeys } }
    set { lock.withLock { failingKeys = newValue } }
  }

  /// How many loads of `key` started.
  public func loads(of key: Int) -> Int { lock.withLock { counts[key] ?? 0 } }

  /// How many loads started, of every key.
  public var total: Int { lock.withLock { counts.values.reduce(0, +) } }

  /// The loader: counts the load, then throws ``Offline`` for a failing key or returns the
  /// key's content.
  @Sendable public func load(_ key: Int) async throws -> Content {
    let fails = lock.withLock { () -> Bool in
      counts[key, default: 0] += 1
      return failingKeys.contains(key)
    }
    if fails { throw Offline() }
    return content(key)
  }
}

extension CountingLoader where Content == String {
  /// A loader of `"avatar <key>"`.
  public convenience init() {
    self.init { "avatar \($0)" }
  }
}

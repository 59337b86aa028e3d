import Foundation
import Testing

/// A suite trait: the suite's tests take turns with every other suite that has it, one test at
/// a time in the whole test process.
///
/// Swift Testing starts every test of a run at once, and every test that drives a view runs on
/// the one main actor, so a test that waits for its list to show waits behind the main-actor
/// work of every other test that is running. On a busy two-core machine that queue, not the
/// test, used up the ten seconds of ``eventually(_:seconds:sourceLocation:_:)``. With this
/// trait a test shares the main actor only with tests that do not wait on it (the diff's, the
/// simulator's own), and still runs beside every test that works off the main actor.
///
/// Give it to every suite whose tests wait for something on the main actor:
///
/// ```swift
/// @Suite("Screens that go away", .mainActorTurns)
/// @MainActor
/// struct ScreenLifetimeTests { … }
/// ```
///
/// Turns are granted in the order they were asked for; a test's turn ends when it returns or
/// throws.
public struct MainActorTurns: SuiteTrait, TestTrait, TestScoping {
  /// The suite's nested suites take turns too.
  public var isRecursive: Bool { true }

  /// One scope per test case, so that turns are taken by the tests (each case of a
  /// parameterized one alone), not held by a suite for all of its tests.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case in its turn.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await Turnstile.shared.enter()
    defer { Turnstile.shared.leave() }
    try await function()
  }
}

extension Trait where Self == MainActorTurns {
  /// The suite's tests take turns with every other suite's that has this trait: see
  /// ``MainActorTurns``.
  public static var mainActorTurns: Self { MainActorTurns() }
}

/// A first-come, first-served lock that waits without blocking a thread.
private final class Turnstile: @unchecked Sendable {
  static let shared = Turnstile()

  private let lock = NSLock()
  private var isTaken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let mayEnter = lock.withLock { () -> Bool in
        if isTaken {
          waiting.append(continuation)
          return false
        }
        isTaken = true
        return true
      }
      if mayEnter { continuation.resume() }
    }
  }

  /// Hands the turn to the first waiter, if any; the lock stays taken for it.
  func leave() {
    let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      if waiting.isEmpty {
        isTaken = false
        return nil
      }
      return waiting.removeFirst()
    }
    next?.resume()
  }
}

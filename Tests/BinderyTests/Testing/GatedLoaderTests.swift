import BinderyTesting
import Testing

/// The loader that many tests hold loads with: a load it never lets go would hang a test where
/// a store waits for it to give back its slot.
@Suite("The gated loader", .mainActorTurns) @MainActor
struct GatedLoaderTests {
  /// A task's outcome, as the main actor sees it.
  final class Outcome {
    var result: Result<String, any Error>?
  }

  func load(_ key: Int, from loader: GatedLoader, cancelledFirst: Bool = false) -> (
    Outcome, Task<Void, Never>
  ) {
    let outcome = Outcome()
    let task = Task { @MainActor in
      if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
      do { outcome.result = .success(try await loader.load(key)) } catch {
        outcome.result = .failure(error)
      }
    }
    return (outcome, task)
  }

  @Test func aLoadCancelledBeforeItReachesItsGateReturnsAtOnce() async {
    let loader = GatedLoader()
    let (outcome, _) = load(1, from: loader, cancelledFirst: true)
    await eventually("the cancelled load to return") { outcome.result != nil }
    #expect(throws: CancellationError.self) { try outcome.result?.get() }
    #expect(loader.cancelledKeys == [1])
    loader.openAll()  // a load that did wait at its gate is let go, so this test never hangs
  }

  @Test func aLoadCancelledAtItsGateReturnsAtOnce() async {
    let loader = GatedLoader()
    let (outcome, task) = load(2, from: loader)
    await eventually("the load to start") { loader.startedKeys == [2] }
    task.cancel()
    await eventually("the cancelled load to return") { outcome.result != nil }
    #expect(throws: CancellationError.self) { try outcome.result?.get() }
    loader.openAll()
  }

  @Test func openingAKeyLetsEveryCallOfItThrough() async {
    let loader = GatedLoader()
    let (first, _) = load(3, from: loader)
    let (second, _) = load(3, from: loader)
    await eventually("both loads at their gate") { loader.waitingCount == 2 }
    loader.open(3)
    await eventually("both loads to return") { first.result != nil && second.result != nil }
    #expect((try? first.result?.get()) == "content 3")
    #expect((try? second.result?.get()) == "content 3")
    // A key opened before its load comes lets the load through when it does.
    loader.open(4, failing: true)
    let (early, _) = load(4, from: loader)
    await eventually("the early-opened load to return") { early.result != nil }
    #expect(throws: GatedLoader.Failure.self) { try early.result?.get() }
  }
}

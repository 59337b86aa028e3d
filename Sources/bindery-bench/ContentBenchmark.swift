import Bindery
import BinderyTesting
import Foundation
import Observation

/// `bindery-bench content`: what a cell provider pays to read content state on the main actor,
/// and how many loads per second the store sustains, against a plain `Dictionary` lookup and a
/// bare `Task` per load in the same run.
///
/// A third measure tells the store's own share of a read from Observation's: the same
/// `Dictionary` lookup followed by one `ObservationRegistrar.access` — the least any read that
/// Observation can follow costs, as `state(for:)` tells Observation of every read. A fourth is
/// what an app writes by hand for cells that follow late content by Observation: the same
/// lookup in a dictionary an `@Observable` model holds.
@MainActor
struct ContentBenchmark {
  let options: BenchOptions
  let cachedEntries = 10_000
  let lookups = 1_000_000
  let loads = 20_000

  func run() async {
    let runs = max(5, options.runs)
    var random = SeededGenerator(seed: 0xC0DE)
    let probes = (0..<lookups).map { _ in Int.random(in: 0..<cachedEntries, using: &random) }
    let store = ContentStore<Int, String>(
      configuration: .init(countLimit: cachedEntries, maximumConcurrentLoads: 64)
    ) {
      "content \($0)"
    }
    // Every arrival is awaited, and they come faster than they are read: keep them all.
    var arrivals = store.arrivals(bufferingNewest: cachedEntries).makeAsyncIterator()
    for key in 0..<cachedEntries { store.request(key) }
    for _ in 0..<cachedEntries { _ = await arrivals.next() }
    let dictionary = Dictionary(
      uniqueKeysWithValues: (0..<cachedEntries).map { ($0, "content \($0)") })

    func readDictionary() {
      var found = 0
      for key in probes {
        if let content = dictionary[key], !content.isEmpty { found += 1 }
      }
      blackHole(found)
    }
    let lookup = pairedMedians(
      runs: runs,
      baseline: readDictionary,
      candidate: {
        var found = 0
        for key in probes {
          if let content = store.state(for: key).content, !content.isEmpty { found += 1 }
        }
        blackHole(found)
      })

    // The same lookups, each also told to Observation, as the store tells it of each read.
    let probe = ObservedReads()
    let observedLookup = pairedMedians(
      runs: runs,
      baseline: readDictionary,
      candidate: {
        var found = 0
        for key in probes {
          if let content = dictionary[key], !content.isEmpty { found += 1 }
          probe.noteRead()
        }
        blackHole(found)
      })

    // What an app writes without the store: a model's dictionary, read through its
    // observable property (which follows the whole dictionary, not the key).
    let model = ObservableContents(dictionary)
    let modelLookup = pairedMedians(
      runs: runs,
      baseline: readDictionary,
      candidate: {
        var found = 0
        for key in probes {
          if let content = model.contents[key], !content.isEmpty { found += 1 }
        }
        blackHole(found)
      })

    var storeRates: [Double] = []
    var taskRates: [Double] = []
    let clock = ContinuousClock()
    for run in 0..<runs {
      let base = 1_000_000 * (run + 1)
      let fresh = ContentStore<Int, String>(configuration: .init(countLimit: loads)) {
        "content \($0)"
      }
      let storeTime = await timeAllLoads(into: fresh, keys: base..<(base + loads))
      storeRates.append(Double(loads) * 1e3 / milliseconds(storeTime))
      let loader: @Sendable (Int) async -> String = { "content \($0)" }
      let taskStarted = clock.now
      let tasks = (base..<(base + loads)).map { key in Task.detached { await loader(key) } }
      for task in tasks { blackHole(await task.value) }
      let taskTime = clock.now - taskStarted
      taskRates.append(Double(loads) * 1e3 / milliseconds(taskTime))
    }

    let nanoseconds = { (milliseconds: Double) in milliseconds * 1e6 / Double(lookups) }
    if options.json {
      printJSON([
        [
          "measure": "state_lookup", "cached_entries": cachedEntries,
          "store_ns": nanoseconds(lookup.candidate), "dictionary_ns": nanoseconds(lookup.baseline),
          "ratio": lookup.ratio,
        ],
        [
          "measure": "observed_dictionary_lookup", "cached_entries": cachedEntries,
          "observed_ns": nanoseconds(observedLookup.candidate),
          "dictionary_ns": nanoseconds(observedLookup.baseline), "ratio": observedLookup.ratio,
        ],
        [
          "measure": "observable_model_lookup", "cached_entries": cachedEntries,
          "model_ns": nanoseconds(modelLookup.candidate),
          "dictionary_ns": nanoseconds(modelLookup.baseline), "ratio": modelLookup.ratio,
        ],
        [
          "measure": "loads_per_second", "loads": loads, "store": median(storeRates),
          "bare_task": median(taskRates), "ratio": median(zip(storeRates, taskRates).map(/)),
        ],
      ])
      return
    }
    print(
      "bindery-bench content: \(cachedEntries) cached entries, \(lookups) lookups; \(loads) "
        + "zero-latency loads; median of \(runs) runs")
    print(
      textTable(
        ["measure", "measured", "baseline", "ratio"],
        [
          [
            "state(for:) on the main actor, ns per lookup",
            String(format: "%.1f", nanoseconds(lookup.candidate)),
            String(format: "%.1f (Dictionary)", nanoseconds(lookup.baseline)),
            String(format: "%.2f", lookup.ratio),
          ],
          [
            "a Dictionary lookup told to Observation, ns per lookup",
            String(format: "%.1f", nanoseconds(observedLookup.candidate)),
            String(format: "%.1f (Dictionary)", nanoseconds(observedLookup.baseline)),
            String(format: "%.2f", observedLookup.ratio),
          ],
          [
            "an @Observable model's Dictionary, ns per lookup",
            String(format: "%.1f", nanoseconds(modelLookup.candidate)),
            String(format: "%.1f (Dictionary)", nanoseconds(modelLookup.baseline)),
            String(format: "%.2f", modelLookup.ratio),
          ],
          [
            "loads per second", String(format: "%.0f", median(storeRates)),
            String(format: "%.0f (a Task per load)", median(taskRates)),
            String(format: "%.2f", median(zip(storeRates, taskRates).map(/))),
          ],
        ]))
  }

  /// Requests every key and waits until the last load has ended, counted by an observer of the
  /// store (an `arrivals()` stream would add an asynchronous hop per key to the measure).
  func timeAllLoads(into store: ContentStore<Int, String>, keys: Range<Int>) async -> Duration {
    let clock = ContinuousClock()
    let started = clock.now
    var observation: ContentObservation?
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var remaining = keys.count
      observation = store.observe { _, _ in
        remaining -= 1
        if remaining == 0 { done.resume() }
      }
      for key in keys { store.request(key) }
    }
    observation?.cancel()
    return clock.now - started
  }
}

/// One property whose reads are told to Observation, as ``ContentStore/state(for:)`` tells it
/// of each: the floor under any read Observation can follow.
final class ObservedReads: Observable {
  private let registrar = ObservationRegistrar()
  private let keyPath: KeyPath<ObservedReads, Int> = \.marker

  /// The property read; its value never matters.
  var marker: Int { 0 }

  /// Tells Observation that ``marker`` was read, by a key path made once, as the store keeps
  /// its keys' paths.
  func noteRead() { registrar.access(self, keyPath: keyPath) }
}

/// Late content as an app keeps it without a store, for cells that follow it by Observation:
/// a dictionary in an `@Observable` model. A read tells Observation of the whole dictionary, so
/// any arrival invalidates every cell that read one; the store follows each key.
@Observable
final class ObservableContents {
  /// The content by key.
  var contents: [Int: String]

  init(_ contents: [Int: String]) { self.contents = contents }
}

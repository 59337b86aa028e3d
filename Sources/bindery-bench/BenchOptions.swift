import Bindery
import Foundation

/// Command-line options shared by every benchmark.
struct BenchOptions {
  static let usage = """
    usage: bindery-bench <benchmark> [--json] [--runs N] [--sizes A,B]
      diff      the diff against Swift's CollectionDifference and the hashing floor
      binding   main-actor time per update of 10k to 1M-row lists against a full reload
      content   ContentStore lookups and load throughput against a Dictionary and bare Tasks
      prefetch  the first-display hit rate of four loading strategies, simulated in virtual time
      memory    peak memory of validating and diffing a list, in child processes, against the floor
      heights   row lookups over random heights against one height; jumps of re-estimated rows
      stream    main-actor time per update (p50, p99, max) under 60 lists/s while scrolling
      observation  changes in @Observable state until on screen, against @Published
      swiftui   main-actor time per update through SwiftUI's coordinator, against bind(to:)
      scroll    main-actor time per scrolled frame of a 100k-row feed, against a plain table
    options:
      --json    print one JSON array of records instead of a table
      --runs N  measured runs per cell; the median is reported (default 11, at least 11 for
                the published table)
      --sizes   list sizes (diff: 10000,100000; binding, heights: 10000,100000,1000000;
                memory: 100000,1000000)
      --cases   only these cases, comma-separated (default: all; scroll: all, no-content,
                no-prefetching, no-kept-heights, no-page-loader, bare, hand-written)
      --without-baseline  skip Swift's CollectionDifference (it takes minutes at 100k)
      --svg DIR           also write the benchmark's chart into DIR (diff, prefetch)
      --seconds N         how long the stream runs per view (default 10)
      --frames N          how many frames the scroll benchmark scrolls (default 600)
      --points-per-frame P  how far each of its frames scrolls (default 16: 960 points a second)
      --one-core          keep the process on one core (Linux), so that the main actor's
                          turns do not hop between cores as dispatch serves them
    Build with -c release: debug builds are not optimized and their numbers mean nothing.
    """

  var json = false
  var runs = 11
  var sizes = [10_000, 100_000]
  var sizesWereGiven = false
  var cases: Set<String>?
  var withoutBaseline = false
  var svgDirectory: String?
  var seconds: Double?
  var frames: Int?
  var pointsPerFrame: Double?
  var oneCore = false
  /// The core the process was kept on (`--one-core`), once it was.
  var core: Int?

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--json": json = true
      case "--runs": runs = iterator.next().flatMap { Int($0) }.map { max(1, $0) } ?? runs
      case "--sizes":
        sizes = iterator.next()?.split(separator: ",").compactMap { Int($0) } ?? sizes
        sizesWereGiven = true
      case "--cases": cases = iterator.next().map { Set($0.split(separator: ",").map(String.init)) }
      case "--without-baseline": withoutBaseline = true
      case "--svg": svgDirectory = iterator.next()
      case "--seconds": seconds = iterator.next().flatMap { Double($0) }.map { max(1, $0) }
      case "--frames": frames = iterator.next().flatMap { Int($0) }.map { max(1, $0) }
      case "--one-core": oneCore = true
      case "--points-per-frame":
        pointsPerFrame = iterator.next().flatMap { Double($0) }.map { max(0.01, $0) }
      default:
        FileHandle.standardError.write(Data("ignoring unknown option \(argument)\n".utf8))
      }
    }
  }
}

/// Where ``blackHole(_:)`` leaves a byte of each value it is given.
nonisolated(unsafe) private var blackHoleSink: UInt8 = 0

/// Uses a value so the optimizer cannot drop the work that produced it: a byte of it goes to a
/// global, a side effect the optimizer must keep. A function that did nothing, even one never
/// inlined, was seen through: a loop whose only result went to it was dropped but for what
/// could trap (a dictionary read became the hashing and probing, never loading the value).
@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafeBytes(of: value) { blackHoleSink ^= $0.first ?? 0 }
}

/// The median wall-clock time of `runs` calls, in milliseconds, after one warm-up call.
func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
  body()
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<runs {
    samples.append(milliseconds(clock.measure(body)))
  }
  samples.sort()
  return samples[samples.count / 2]
}

/// Times `baseline` and `candidate` alternately, `runs` times each after a warm-up of both, so
/// that noise from the machine lands on both sides. Returns both medians, in milliseconds, and
/// the median of the per-run ratios candidate / baseline.
func pairedMedians(
  runs: Int, baseline: () -> Void, candidate: () -> Void
) -> (baseline: Double, candidate: Double, ratio: Double) {
  baseline()
  candidate()
  let clock = ContinuousClock()
  var baselines: [Double] = []
  var candidates: [Double] = []
  var ratios: [Double] = []
  for _ in 0..<runs {
    let base = milliseconds(clock.measure(baseline))
    let measured = milliseconds(clock.measure(candidate))
    baselines.append(base)
    candidates.append(measured)
    ratios.append(measured / base)
  }
  return (median(baselines), median(candidates), median(ratios))
}

func milliseconds(_ duration: Duration) -> Double { duration.inMilliseconds }

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Formats rows as an aligned plain-text table.
func textTable(_ header: [String], _ rows: [[String]]) -> String {
  let widths = header.indices.map { column in
    ([header] + rows).map { $0[column].count }.max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    zip(cells, widths).enumerated().map { column, pair in
      column == 0
        ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
        : String(repeating: " ", count: pair.1 - pair.0.count) + pair.0
    }.joined(separator: "  ")
  }
  let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
  return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
}

/// Prints records as one JSON array; a value JSON cannot hold fails the process, said on
/// standard error.
func printJSON(_ records: [[String: Any]]) {
  // JSON has no NaN: a measure of nothing (the median of no frames) is `null`. A `CGFloat` is a
  // number JSON has (JSONSerialization refuses it on Linux).
  let records = records.map { record in
    record.mapValues { value -> Any in
      let value = (value as? CGFloat).map { Double($0) as Any } ?? value
      if let number = value as? Double, !number.isFinite { return NSNull() }
      return value
    }
  }
  do {
    let data = try JSONSerialization.data(
      withJSONObject: records, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
  } catch {
    FileHandle.standardError.write(Data("bindery-bench: results not JSON: \(error)\n".utf8))
    exit(1)
  }
}

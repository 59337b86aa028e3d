import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench prefetch`: a deterministic simulation of the third note, in virtual time.
///
/// 10,000 mates in a 12-row table; avatars load with log-normal latency (median 150 ms, p99
/// 800 ms, per key from a seed), 6 at a time. The list is bound at t = 0 and the screen
/// appears at 300 ms; then 2 s at rest and 30 s scrolling at 20 rows/s. At 32.3 s the user
/// flings: the finger lifts at 600 rows/s and the table decelerates at UIKit's normal rate to
/// rest 300 rows further down (299 of them in the first 3 s: the `fling-100` phase, 100 rows/s
/// on average); `fling-landing` scores the cells on screen when it comes to rest. Then 10 s
/// back up at 20 rows/s. The same script runs once per strategy, under each of HeadlessUIKit's
/// prefetch patterns: a device's calls (the default) and the tidy ones.
@MainActor
struct PrefetchSimulation {
  let options: BenchOptions
  let rows = 10_000
  let rowHeight: CGFloat = 44
  let screenRows = 12
  let tick = Duration.milliseconds(10)

  /// How the table calls its prefetch data source (HeadlessUIKit's `PrefetchPattern`).
  enum Pattern: String, CaseIterable {
    case device
    case tidy

    var prefetchPattern: PrefetchPattern {
      self == .device ? .deviceLike(seed: 0x00C0_FFEE) : .tidy
    }
  }

  enum Strategy: String, CaseIterable {
    case onDisplay = "on-display"
    case uikitPrefetch = "uikit-prefetch"
    case bindery
    case binderyHold = "bindery-hold"
  }

  /// The script's times, from the start of the run.
  enum Script {
    static let screenAppears = Duration.milliseconds(300)
    static let scrollStart = Duration.milliseconds(2_300)
    static let flingStart = Duration.milliseconds(32_300)
    static let flingPhaseEnd = Duration.milliseconds(35_300)
    static let scrollBackLength = Duration.seconds(10)
    static let scrollSpeed = 20.0
    static let flingRows = 300.0
  }

  struct Avatar: Sendable {
    var bytes: Int
  }

  /// What happened, for one strategy.
  final class Log {
    enum Hold { case none, holding, released }
    var hold = Hold.none
    var appearances: [(time: Duration, id: Int, hit: Bool)] = []
    var shownLoaded: Set<Int> = []
    var completions: [(time: Duration, id: Int)] = []
    var samples: [(time: Duration, inFlight: Int, cacheBytes: Int)] = []
    var startedByTime: [(time: Duration, started: Int)] = []
    var cellKey: [ObjectIdentifier: Int] = [:]
    /// When the fling came to rest, and the rows on screen then.
    var restTime: Duration?
    var landingIDs: Set<Int> = []
    /// The loader's calls, by key.
    let calls = PrefetchRequests.CallCounter()
  }

  struct Record {
    var pattern: String
    var strategy: String
    var phase: String
    var appearances: Int
    var hitRate: Double
    var loads: Int
    var wasted: Int
    var peakConcurrent: Int
    var peakCacheBytes: Int
    var firstDisplayMilliseconds: Double?
    /// For the fling: the most loads six slots can finish in it, and the hit rate that allows.
    var throughputBound: (loads: Int, hitRate: Double)?
    /// Loader calls per key the loader was called for, over the whole run (the same on every
    /// phase's row).
    var callsPerKey: Double
  }

  /// Log-normal latency for a key: median 150 ms, 99th percentile 800 ms.
  static func latency(for key: Int, seed: UInt64) -> Duration {
    var random = SeededGenerator(seed: seed ^ (UInt64(key) &* 0x9E37_79B9_7F4A_7C15))
    let u1 = Double.random(in: Double.ulpOfOne..<1, using: &random)
    let u2 = Double.random(in: 0..<1, using: &random)
    let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    let sigma = log(800.0 / 150.0) / 2.326_348
    return .microseconds(Int(150_000 * exp(sigma * z)))
  }

  func run() async {
    let seed: UInt64 = 0x00C0_FFEE
    var records: [Record] = []
    for pattern in Pattern.allCases {
      for strategy in Strategy.allCases {
        records += await simulate(strategy, pattern: pattern, seed: seed)
      }
    }
    if let directory = options.svgDirectory {
      let phases = ["first-screen", "scroll-20", "fling-100", "fling-landing", "scroll-back"]
      let colours = ["#9aa4b2", "#e0883a", "#2f6fdf", "#16a37a"]
      SVGBarChart(
        title:
          "Cells shown with their avatar already loaded (first-display hit rate, device-like prefetch calls)",
        subtitle: "swift run -c release bindery-bench prefetch --svg docs · virtual time, seeded",
        unit: "hit rate, %", groups: phases,
        series: zip(Strategy.allCases, colours).map { strategy, colour in
          SVGBarChart.Series(
            name: strategy.rawValue, colour: colour,
            values: phases.map { phase in
              records.first {
                $0.pattern == Pattern.device.rawValue && $0.strategy == strategy.rawValue
                  && $0.phase == phase
              }
              .map { $0.hitRate * 100 }
            })
        }
      ).write(to: directory, name: "prefetch-hit-rate.svg")
    }
    let requests = await PrefetchRequests(options: options).records()
    if options.json {
      printJSON(
        records.map { record in
          var json: [String: Any] = [
            "prefetch_pattern": record.pattern, "strategy": record.strategy,
            "phase": record.phase, "hit_rate": record.hitRate,
            "appearances": record.appearances, "loads": record.loads,
            "wasted_loads": record.wasted, "peak_concurrent_loads": record.peakConcurrent,
            "peak_cache_bytes": record.peakCacheBytes,
          ]
          if let first = record.firstDisplayMilliseconds { json["first_display_ms"] = first }
          if let bound = record.throughputBound {
            json["throughput_bound_loads"] = bound.loads
            json["throughput_bound_hit_rate"] = bound.hitRate
          }
          json["calls_per_key"] = record.callsPerKey
          return json
        } + requests.map(PrefetchRequests.json))
      return
    }
    print(
      "bindery-bench prefetch: \(rows) rows, 12-row viewport, latency log-normal (median 150 ms, "
        + "p99 800 ms), 6 loads at a time, seed \(seed); virtual time; UIKit's prefetch calls as "
        + "a device makes them (device) and tidy")
    print(
      textTable(
        [
          "calls", "strategy", "phase", "hit rate", "cells", "loads", "wasted", "peak loads",
          "peak cache MB", "first display", "throughput bound", "calls per key",
        ],
        records.map { record in
          [
            record.pattern, record.strategy, record.phase,
            String(format: "%.1f%%", record.hitRate * 100),
            "\(record.appearances)", "\(record.loads)", "\(record.wasted)",
            "\(record.peakConcurrent)",
            String(format: "%.1f", Double(record.peakCacheBytes) / 1_048_576),
            record.firstDisplayMilliseconds.map { String(format: "%.0f ms", $0) } ?? "",
            record.throughputBound.map {
              String(format: "%d loads, %.1f%%", $0.loads, $0.hitRate * 100)
            } ?? "",
            record.phase == "all" ? String(format: "%.2f", record.callsPerKey) : "",
          ]
        }))
    print(
      "\nLoader calls per key with automatic prefetching, loads that never fail (device-like "
        + "prefetch calls, a 528-point table, 6 loads at a time):")
    print(PrefetchRequests.table(requests))
  }

  // MARK: One run

  func simulate(_ strategy: Strategy, pattern: Pattern, seed: UInt64) async -> [Record] {
    let loaderClock = VirtualClock()
    let storeClock = VirtualClock()
    let log = Log()
    let avatars = ContentStore<Int, Avatar>(
      configuration: .init(
        costLimit: 64 << 20, cost: { $0.bytes }, countLimit: 100_000, maximumConcurrentLoads: 6,
        clock: storeClock)
    ) { [calls = log.calls] key in
      calls.count(key)
      try await loaderClock.sleep(for: Self.latency(for: key, seed: seed))
      return Avatar(bytes: 12_288 + (key * 7_919) % 12_288)
    }
    let table = UITableView(
      frame: CGRect(x: 0, y: 0, width: 390, height: CGFloat(screenRows) * rowHeight))
    table.rowHeight = rowHeight
    table.prefetchPattern = pattern.prefetchPattern
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    let prefetching: Prefetching =
      strategy == .bindery || strategy == .binderyHold ? .automatic : .never
    let hold: Duration? = strategy == .binderyHold ? .seconds(1) : nil
    let binding = table.bind(
      to: .sequence(AsyncStream<[Row]> { _ in }),
      content: .store(avatars, prefetching: prefetching, holdingFirstDisplay: hold)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      let key = ObjectIdentifier(cell)
      if log.cellKey[key] != mate.id {  // a new row in this cell, not a reconfigure
        log.cellKey[key] = mate.id
        log.appearances.append((storeClock.now.offset, mate.id, avatar.content != nil))
      }
      if avatar.content != nil { log.shownLoaded.insert(mate.id) }
      cell.textLabel?.text = mate.name
      return cell
    }
    // The hold lets its list go in virtual time, and the worker then shows it in real time:
    // virtual time waits for that (below), or the first display would be timed by the
    // machine's load (on a busy one, 580–1,430 ms instead of 470).
    if let hold = binding.firstDisplayHold {
      binding.firstDisplayHold = { snapshot in
        log.hold = .holding
        await hold(snapshot)
        log.hold = .released
      }
    }
    let uikitStyle = UIKitStylePrefetcher(binding: binding, store: avatars)
    if strategy == .uikitPrefetch { table.prefetchDataSource = uikitStyle }
    let arrivals = avatars.arrivals(bufferingNewest: .max)  // the log needs every arrival
    let listener = Task { @MainActor in
      for await id in arrivals { log.completions.append((storeClock.now.offset, id)) }
    }

    // t = 0: the data arrives and is bound; the screen is not shown yet.
    binding.submit(items: (0..<rows).map { Row(id: $0, name: "mate \($0)") })
    // The diff runs on a worker in real time: virtual time starts once the list is shown, or
    // once the first-display hold has asked for the first screen.
    let ready = ContinuousClock.now + .seconds(30)
    while binding.statistics.updates == 0 && log.hold != .holding && .now < ready {
      try? await Task.sleep(for: .microseconds(100))
    }
    await loaderClock.settle { avatars.loadsInFlight }
    var now = Duration.zero
    while log.restTime.map({ now < $0 + Script.scrollBackLength }) ?? true {
      now += tick
      loaderClock.advance(by: tick)
      storeClock.advance(by: tick)
      await loaderClock.settle { avatars.loadsInFlight }
      await untilShown(binding, avatars: avatars, log: log)
      if now == Script.screenAppears {
        UIWindow.show(table)  // the screen appears: UIKit asks for its first cells
        await loaderClock.settle { avatars.loadsInFlight }
      }
      if move(table, at: now, log: log) { await loaderClock.settle { avatars.loadsInFlight } }
      log.samples.append((now, avatars.loadsInFlight, avatars.cachedCost))
      log.startedByTime.append((now, avatars.statistics.started))
    }
    listener.cancel()
    withExtendedLifetime(uikitStyle) {}
    return records(for: strategy, pattern: pattern, log: log, seed: seed)
  }

  /// Until the binding has shown the list its hold let go, once the hold has what it waits
  /// for: the first screen's avatars, each loaded or failed.
  func untilShown(
    _ binding: ListBinding<FlatSection, Row>, avatars: ContentStore<Int, Avatar>, log: Log
  ) async {
    let ready = ContinuousClock.now + .seconds(30)
    func firstScreenSettled() -> Bool {
      (0..<screenRows).allSatisfy {
        switch avatars.state(for: $0) {
        case .loaded, .failed: true
        case .loading, .notRequested: false
        }
      }
    }
    while binding.statistics.updates == 0, log.hold != .none, .now < ready,
      log.hold == .released || firstScreenSettled()
    {
      try? await Task.sleep(for: .microseconds(100))
    }
  }

  /// The user's hand at `now`: scrolls at 20 rows/s, the fling and its deceleration, then back
  /// up. Returns whether the table moved.
  func move(_ table: UITableView, at now: Duration, log: Log) -> Bool {
    let step = CGFloat(Script.scrollSpeed * milliseconds(tick) / 1e3) * rowHeight
    if let rest = log.restTime {
      guard now > rest else { return false }
      table.scroll(by: -step)
    } else if now > Script.flingStart {
      if !table.isDecelerating {
        // The finger lifts at the speed that carries the content `flingRows` further.
        let rate = table.decelerationRate.rawValue
        let distance = CGFloat(Script.flingRows) * rowHeight
        table.userFlings(velocity: distance * (1 - rate) / rate * 1_000)
      }
      table.decelerate(for: tick)
      if !table.isDecelerating {
        log.restTime = now
        log.landingIDs = Set((table.indexPathsForVisibleRows ?? []).map(\.row))
      }
    } else if now > Script.scrollStart {
      table.scroll(by: step)
    } else {
      return false
    }
    return true
  }

  func records(for strategy: Strategy, pattern: Pattern, log: Log, seed: UInt64) -> [Record] {
    let firstTime = log.appearances.first?.time
    let rest = log.restTime ?? Script.flingPhaseEnd
    let windows: [(String, (Duration) -> Bool)] = [
      ("first-screen", { $0 == firstTime }),
      ("scroll-20", { Script.scrollStart < $0 && $0 <= Script.flingStart }),
      ("fling-100", { Script.flingStart < $0 && $0 <= Script.flingPhaseEnd }),
      ("fling-landing", { Script.flingStart < $0 && $0 <= rest }),
      ("scroll-back", { rest < $0 && $0 <= rest + Script.scrollBackLength }),
      ("all", { _ in true }),
    ]
    return windows.map { name, contains in
      var shown = log.appearances.filter { contains($0.time) }
      if name == "fling-landing" {
        // The cells on screen at rest, each scored when its row was first configured.
        var seen: Set<Int> = []
        shown = shown.filter { log.landingIDs.contains($0.id) && seen.insert($0.id).inserted }
      }
      let completed = log.completions.filter { contains($0.time) }
      let samples = log.samples.filter { contains($0.time) }
      let started = log.startedByTime.filter { contains($0.time) }
      let loads =
        name == "first-screen"
        ? (log.startedByTime.last { $0.time <= (firstTime ?? .zero) }?.started ?? 0)
        : (started.last?.started ?? 0)
          - (log.startedByTime.last { $0.time < (started.first?.time ?? .zero) }?.started ?? 0)
      return Record(
        pattern: pattern.rawValue, strategy: strategy.rawValue, phase: name,
        appearances: shown.count,
        hitRate: shown.isEmpty ? 0 : Double(shown.filter(\.hit).count) / Double(shown.count),
        loads: loads, wasted: completed.filter { !log.shownLoaded.contains($0.id) }.count,
        peakConcurrent: samples.map(\.inFlight).max() ?? 0,
        peakCacheBytes: samples.map(\.cacheBytes).max() ?? 0,
        firstDisplayMilliseconds: name == "first-screen" ? firstTime.map(milliseconds) : nil,
        throughputBound: name == "fling-100" ? throughputBound(shown, log: log, seed: seed) : nil,
        callsPerKey: log.calls.keys == 0 ? 0 : Double(log.calls.total) / Double(log.calls.keys))
    }
  }

  /// The best any strategy can do in the fling: six slots finish at most `6 × length ÷ mean
  /// latency` loads in it; a cell can be a hit only if its content finished before the fling
  /// or is one of those.
  func throughputBound(
    _ shown: [(time: Duration, id: Int, hit: Bool)], log: Log, seed: UInt64
  ) -> (loads: Int, hitRate: Double) {
    let meanLatency =
      (0..<rows).reduce(0.0) { $0 + milliseconds(Self.latency(for: $1, seed: seed)) / 1e3 }
      / Double(rows)
    let length = milliseconds(Script.flingPhaseEnd - Script.flingStart) / 1e3
    let loads = Int(6 * length / meanLatency)
    let loadedBefore = Set(log.completions.filter { $0.time <= Script.flingStart }.map(\.id))
    let preloaded = shown.filter { loadedBefore.contains($0.id) }.count
    let rate = shown.isEmpty ? 1 : min(1, Double(preloaded + loads) / Double(shown.count))
    return (loads, rate)
  }

  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
  }
}

/// The note's "after": UIKit's prefetch data source asking for exactly what UIKit hints.
@MainActor
final class UIKitStylePrefetcher: NSObject, UITableViewDataSourcePrefetching {
  let binding: ListBinding<FlatSection, PrefetchSimulation.Row>
  let store: ContentStore<Int, PrefetchSimulation.Avatar>
  private var requested: Set<Int> = []

  init(
    binding: ListBinding<FlatSection, PrefetchSimulation.Row>,
    store: ContentStore<Int, PrefetchSimulation.Avatar>
  ) {
    self.binding = binding
    self.store = store
  }

  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
    for path in indexPaths {
      guard let id = binding.item(at: ItemPosition(section: path.section, item: path.row))?.id,
        requested.insert(id).inserted
      else { continue }
      store.request(id, priority: .prefetch)
    }
  }

  func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
    for path in indexPaths {
      guard let id = binding.item(at: ItemPosition(section: path.section, item: path.row))?.id,
        requested.remove(id) != nil
      else { continue }
      store.cancelRequest(id)
    }
  }
}

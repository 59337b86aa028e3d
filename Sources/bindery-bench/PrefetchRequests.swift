import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench prefetch`'s second table: how many times the loader is called for each key
/// it is called for, while the user scrolls a 528-point table with automatic prefetching and
/// loads that never fail — rows of 44 to 400 points, at 400 to 2,000 points a second, in three
/// motions:
///
/// - **steady**: 20 s at a constant speed, a frame every 1/60 s;
/// - **fling**: the finger lifts at the speed given and the table decelerates at UIKit's normal
///   rate until it rests; a second at rest; again, for 20 s;
/// - **reverse**: 2 s down, 1 s back up, again, for 20 s.
///
/// One call per key is the floor: a key asked for, let go of before its load finished, and
/// asked for again costs its loader a second call — twice the network, twice the battery, and
/// many APIs are rate-limited. Also reported: how many rows the user saw first shown without
/// their content once the user moved. Virtual time, seeded: the same figures on every run.
@MainActor
struct PrefetchRequests {
  let options: BenchOptions
  let rows = 10_000
  let viewport: CGFloat = 12 * 44
  let frame = Duration.nanoseconds(16_666_667)
  let length = Duration.seconds(20)

  enum Motion: String, CaseIterable {
    case steady, fling, reverse
  }

  struct Record {
    var rowHeight: CGFloat
    var speed: Double
    var motion: Motion
    var keys: Int
    var calls: Int
    var appearances: Int
    var misses: Int
    var callsPerKey: Double { keys == 0 ? 0 : Double(calls) / Double(keys) }
  }

  /// Counts the loader's calls by key, from the loads' threads.
  final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [Int: Int] = [:]
    func count(_ key: Int) { lock.withLock { calls[key, default: 0] += 1 } }
    var keys: Int { lock.withLock { calls.count } }
    var total: Int { lock.withLock { calls.values.reduce(0, +) } }
  }

  /// What the cell provider saw: the row each cell last showed, and the rows first shown once
  /// the user moved (the first screen, shown before its loads could start, is the first
  /// table's business), and how many of them without their content.
  @MainActor final class Tally {
    var cellKey: [ObjectIdentifier: Int] = [:]
    var counting = false
    var appearances = 0
    var misses = 0
  }

  static let rowHeights: [CGFloat] = [44, 70, 100, 190, 400]
  static let speeds: [Double] = [400, 800, 2_000]

  func records() async -> [Record] {
    var records: [Record] = []
    for motion in Motion.allCases {
      for height in Self.rowHeights {
        for speed in Self.speeds {
          records.append(await run(motion, rowHeight: height, speed: speed))
        }
      }
    }
    return records
  }

  func run(_ motion: Motion, rowHeight: CGFloat, speed: Double) async -> Record {
    let seed: UInt64 = 0x00C0_FFEE
    let loaderClock = VirtualClock()
    let storeClock = VirtualClock()
    let counter = CallCounter()
    let avatars = ContentStore<Int, PrefetchSimulation.Avatar>(
      configuration: .init(
        costLimit: 64 << 20, cost: { $0.bytes }, countLimit: 100_000, maximumConcurrentLoads: 6,
        clock: storeClock)
    ) { key in
      counter.count(key)
      try await loaderClock.sleep(for: PrefetchSimulation.latency(for: key, seed: seed))
      return PrefetchSimulation.Avatar(bytes: 12_288)
    }
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: viewport))
    table.rowHeight = rowHeight
    table.prefetchPattern = .deviceLike(seed: seed)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "mate")
    let tally = Tally()
    let binding = table.bind(
      to: .sequence(AsyncStream<[PrefetchSimulation.Row]> { _ in }), content: .store(avatars)
    ) { tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      if tally.cellKey.updateValue(mate.id, forKey: ObjectIdentifier(cell)) != mate.id,
        tally.counting
      {
        tally.appearances += 1
        if avatar.content == nil { tally.misses += 1 }
      }
      return cell
    }
    binding.submit(items: (0..<rows).map { PrefetchSimulation.Row(id: $0, name: "mate \($0)") })
    let ready = ContinuousClock.now + .seconds(30)
    while binding.statistics.updates == 0 && .now < ready {
      try? await Task.sleep(for: .microseconds(100))
    }
    UIWindow.show(table)
    await loaderClock.settle { avatars.loadsInFlight }
    // Rest for a second first: the first screen and the window below it load, as they would
    // while the user reads the top of the list.
    var now = Duration.zero
    let step = CGFloat(speed) / 60
    var restUntil: Duration?
    while now < length + .seconds(1) {
      now += frame
      loaderClock.advance(by: frame)
      storeClock.advance(by: frame)
      await loaderClock.settle { avatars.loadsInFlight }
      guard now > .seconds(1) else { continue }
      tally.counting = true
      let elapsed = now - .seconds(1)
      switch motion {
      case .steady:
        table.scroll(by: step)
      case .reverse:
        let phase = elapsed.inSeconds.truncatingRemainder(dividingBy: 3)
        table.scroll(by: phase < 2 ? step : -step)
      case .fling:
        if let until = restUntil {
          if now >= until { restUntil = nil } else { break }
        }
        if !table.isDecelerating {
          table.userFlings(velocity: CGFloat(speed))
        }
        table.decelerate(for: frame)
        if !table.isDecelerating { restUntil = now + .seconds(1) }
      }
      await loaderClock.settle { avatars.loadsInFlight }
    }
    withExtendedLifetime(binding) {}
    return Record(
      rowHeight: rowHeight, speed: speed, motion: motion, keys: counter.keys,
      calls: counter.total, appearances: tally.appearances, misses: tally.misses)
  }

  /// The table `bindery-bench prefetch` prints under the hit rates.
  static func table(_ records: [Record]) -> String {
    textTable(
      [
        "motion", "row height", "points/s", "keys loaded", "loader calls", "calls per key",
        "rows shown moving", "shown without content",
      ],
      records.map { record in
        [
          record.motion.rawValue, String(format: "%.0f", record.rowHeight),
          String(format: "%.0f", record.speed), "\(record.keys)", "\(record.calls)",
          String(format: "%.2f", record.callsPerKey), "\(record.appearances)",
          "\(record.misses)",
        ]
      })
  }

  static func json(_ record: Record) -> [String: Any] {
    [
      "table": "requests", "motion": record.motion.rawValue, "row_height": record.rowHeight,
      "points_per_second": record.speed, "keys_loaded": record.keys,
      "loader_calls": record.calls, "calls_per_key": record.callsPerKey,
      "rows_shown": record.appearances, "shown_without_content": record.misses,
    ]
  }
}

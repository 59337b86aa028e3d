import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench stream`: the tail of the main actor's time per update under a live stream. A
/// 100,000-row list receives 60 lists a second, each with 10 changes, for 10 s (`--seconds`),
/// while the view scrolls 20 rows a second; once with a view that does nothing (Bindery's own
/// main-actor work), with a HeadlessUIKit table (its batches, cells and the default anchoring),
/// and with the table and anchoring off.
/// Hitches are tails: it reports the 50th and 99th percentiles and the maximum.
@MainActor
struct StreamBenchmark {
  let options: BenchOptions

  struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var content: Int
  }

  static let rows = 100_000
  static let listsPerSecond = 60
  static let rowsPerSecond = 20.0

  struct Tail {
    var view: String
    var sent: Int
    var updates: Int
    var p50: Double
    var p99: Double
    var max: Double
    var violations: Int
  }

  func run() async {
    let seconds = options.seconds ?? 10
    let tails = [
      await measure(headless: false, seconds: seconds),
      await measure(headless: true, seconds: seconds),
      await measure(headless: true, anchoring: false, seconds: seconds),
    ]
    let replies = await ReplyStreamBenchmark().run()
    if options.json {
      printJSON(
        tails.map {
          [
            "case": "list", "view": $0.view, "rows": Self.rows, "lists_sent": $0.sent,
            "updates": $0.updates, "p50_us": $0.p50, "p99_us": $0.p99, "max_us": $0.max,
            "violations": $0.violations,
          ]
        }
          + replies.map {
            [
              "case": "reply", "binding": $0.name, "tokens": ReplyStreamBenchmark.tokens,
              "texts_in_the_second": $0.textsInTheSecond,
              "last_text_after_last_send_ms": $0.lastTextAfterLastSend as Any,
              "short_of_the_end": $0.shortOfTheEnd, "main_actor_us_per_list": $0.mainActorPerList,
              "lists_shown": $0.listsShown, "violations": $0.violations,
            ]
          })
      return
    }
    print(
      "bindery-bench stream: \(Self.rows) rows, \(Self.listsPerSecond) lists/s of 10 changes, "
        + "scrolling \(Int(Self.rowsPerSecond)) rows/s, \(Int(seconds)) s; main-actor time per "
        + "update shown (lists that arrive while one is applied coalesce: latest wins)")
    print(
      textTable(
        ["view", "lists sent", "updates shown", "p50, µs", "p99, µs", "max, µs", "violations"],
        tails.map {
          [
            $0.view, "\($0.sent)", "\($0.updates)", String(format: "%.1f", $0.p50),
            String(format: "%.1f", $0.p99), String(format: "%.1f", $0.max), "\($0.violations)",
          ]
        }))
    print(
      "\nA reply streamed into a chat at its end: \(ReplyStreamBenchmark.tokens) tokens 50 ms apart, "
        + "a new list of value messages each, animations in real time")
    print(
      textTable(
        [
          "binding", "texts shown in the second", "last text after the last send, ms",
          "short of the end, pt", "main actor per list, µs", "lists shown", "violations",
        ],
        replies.map {
          [
            $0.name, "\($0.textsInTheSecond) of \(ReplyStreamBenchmark.tokens)",
            $0.lastTextAfterLastSend.map { String(format: "%.0f", $0) } ?? "never",
            String(format: "%.1f", Double($0.shortOfTheEnd)),
            String(format: "%.1f", $0.mainActorPerList), "\($0.listsShown)", "\($0.violations)",
          ]
        }))
  }

  /// Ten changes to the list, as `BindingBenchmark`'s: three deletes, three inserts, two moves
  /// and two content updates, spread over it.
  static func change(_ items: inout [Item], nextID: inout Int, random: inout SeededGenerator) {
    for _ in 0..<3 { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
    for _ in 0..<3 {
      items.insert(
        Item(id: nextID, content: 0), at: Int.random(in: 0...items.count, using: &random))
      nextID += 1
    }
    for _ in 0..<2 {
      let item = items.remove(at: Int.random(in: 0..<items.count, using: &random))
      items.insert(item, at: Int.random(in: 0...items.count, using: &random))
    }
    for _ in 0..<2 { items[Int.random(in: 0..<items.count, using: &random)].content += 1 }
  }

  func measure(headless: Bool, anchoring: Bool = true, seconds: Double) async -> Tail {
    var random = SeededGenerator(seed: 0x57_2EA4)
    var items = (0..<Self.rows).map { Item(id: $0, content: 0) }
    var nextID = Self.rows
    let nullView =
      headless ? nil : BlankListView<FlatSection, Item>(completesStages: false, rowsPerScreen: 12)
    var table: UITableView?
    let binding: ListBinding<FlatSection, Item>
    if let nullView {
      binding = ListBinding(view: nullView)
    } else {
      let view = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      view.register(UITableViewCell.self, forCellReuseIdentifier: "row")
      UIWindow.show(view)
      table = view
      let tableBinding = view.bind(to: .sequence(AsyncStream<[Item]> { _ in })) {
        tableView, indexPath, item in
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "\(item.id) · \(item.content)"
        return cell
      }
      binding = anchoring ? tableBinding : tableBinding.anchor(.none)
    }
    _ = await binding.apply(items: items)
    var times: [Double] = []
    times.reserveCapacity(Int(seconds) * Self.listsPerSecond)
    binding.onShow { [weak binding] in
      guard let applied = binding?.statistics.lastApplyTime else { return }
      times.append(milliseconds(applied) * 1e3)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let frames = Int(seconds * Double(Self.listsPerSecond))
    let step = CGFloat(44 * Self.rowsPerSecond / Double(Self.listsPerSecond))
    for frame in 1...max(1, frames) {
      Self.change(&items, nextID: &nextID, random: &random)
      binding.submit(items: items)
      table?.scroll(by: step)
      nullView?.finishAnimations()  // the previous frame's batches have finished animating
      let deadline = start + .microseconds(frame * 1_000_000 / Self.listsPerSecond)
      try? await Task.sleep(until: deadline, clock: clock)
    }
    nullView?.finishAnimations()
    _ = await binding.waitUntilShown()
    binding.cancel()
    times.sort()
    let percentile = { (fraction: Double) -> Double in
      times.isEmpty ? 0 : times[min(times.count - 1, Int(fraction * Double(times.count - 1)))]
    }
    return Tail(
      view: headless
        ? (anchoring ? "HeadlessUIKit table" : "HeadlessUIKit, .anchor(.none)") : "null view",
      sent: frames, updates: times.count,
      p50: percentile(0.5), p99: percentile(0.99), max: times.last ?? 0,
      violations: table?.violations.count ?? 0)
  }
}

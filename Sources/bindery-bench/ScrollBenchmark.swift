import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench scroll`: Bindery's own main-actor time per scrolled frame. Two tables of
/// 100,000 rows with UIKit's defaults (self-sizing rows against automatic estimates) scroll
/// 16 points a frame (960 points a second at 60 frames a second; `--points-per-frame`) for
/// `--frames` frames, in one process, alternately first each frame. The content's time (and so
/// the prefetcher's sense of speed) moves a sixtieth of a second a frame, between frames:
///
/// - *plain*: a hand-written data source that dequeues and fills a cell;
/// - *Bindery*: the same rows bound with late content (a store whose loader answers off the main
///   actor, so arrivals reconfigure cells as the table scrolls), content prefetching planned
///   ahead, a page loader watching the end, the default anchoring and `keepsRowHeights()`.
///
/// A frame is timed from the offset's change through the layout that shows it (where UIKit
/// asks for cells, and the parts of Bindery's screen that follow the scroll run) and two turns of the main actor, in
/// which the jobs the frame queued run (a prefetch plan, a release of cells that left); content
/// that arrives from a loader's thread is shown between frames, untimed: the loads the frame
/// starts wait at a gate until it is timed (``LoadGate``), as otherwise when they land would
/// depend on that thread, and a tenth to a fifth of them would be taken in, at random, inside
/// the frames. Reported: the median and the mean per frame, and their ratios.
///
/// `--cases` takes the Bindery table's features away one at a time, each case in a pair of
/// new tables, to tell each feature's share: `all` (the default, the published figure),
/// `no-content`, `no-prefetching`, `no-kept-heights`, `no-page-loader` and `bare` (a binding
/// with none of them). `hand-written` measures the whole Bindery table against another
/// baseline: a table whose data source loads the same late content by hand, with UIKit's
/// prefetching (``HandWrittenContentRows``), its loads held at a gate of their own while its
/// frames are timed — what an app pays without Bindery for the content alone. The plain
/// table's time moves from process to process far more than the Bindery table's does (about
/// 100 to 150 µs on one machine, with the same code and either table made first), unless the
/// process is kept on one core (`--one-core`): compare cases over several processes.
@MainActor
struct ScrollBenchmark {
  let options: BenchOptions
  let rowCount = 100_000
  /// How far each frame scrolls (`--points-per-frame`): 16 points, 960 points a second, by
  /// default. A slower scroll brings a row in fewer frames.
  var step: CGFloat { CGFloat(options.pointsPerFrame ?? 16) }
  /// The time between two frames, at 60 frames a second.
  let frameInterval = Duration.nanoseconds(16_666_667)

  typealias Row = BindingBenchmark.Row

  /// The plain table's data source.
  final class PlainRows: NSObject, UITableViewDataSource {
    let rows: [Row]

    init(rows: [Row]) { self.rows = rows }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = rows[indexPath.row].title
      return cell
    }
  }

  /// Late content as an iOS engineer writes it by hand, for `--cases hand-written`: a
  /// dictionary of what arrived, a task per row whose content is missing (started by the cell
  /// request or by UIKit's prefetching, cancelled when UIKit takes the prefetch back), and a
  /// reconfigure of the row when its content lands, if it is on screen.
  final class HandWrittenContentRows: NSObject, UITableViewDataSource,
    UITableViewDataSourcePrefetching
  {
    let rows: [Row]
    let load: @Sendable (Int) async -> String
    weak var tableView: UITableView?
    private(set) var thumbnails: [Int: String] = [:]
    private(set) var loading: [Int: Task<Void, Never>] = [:]
    /// The tasks that have not ended, taken back ones included: each comes back to the main
    /// actor once more, which the benchmark waits for between frames.
    private(set) var running = 0

    init(rows: [Row], load: @escaping @Sendable (Int) async -> String) {
      self.rows = rows
      self.load = load
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      let row = rows[indexPath.row]
      cell.textLabel?.text = row.title
      let thumbnail = thumbnails[row.id]
      cell.detailTextLabel?.text = thumbnail
      if thumbnail == nil { startLoading(row.id) }
      return cell
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      for indexPath in indexPaths { startLoading(rows[indexPath.row].id) }
    }

    func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
      for indexPath in indexPaths { loading.removeValue(forKey: rows[indexPath.row].id)?.cancel() }
    }

    private func startLoading(_ id: Int) {
      guard thumbnails[id] == nil, loading[id] == nil else { return }
      let load = load
      running += 1
      loading[id] = Task { [weak self] in
        let thumbnail = await load(id)
        guard let self else { return }
        running -= 1
        guard !Task.isCancelled else { return }
        loading[id] = nil
        thumbnails[id] = thumbnail
        let indexPath = IndexPath(row: id, section: 0)
        if let tableView, tableView.indexPathsForVisibleRows?.contains(indexPath) == true {
          tableView.reconfigureRows(at: [indexPath])
        }
      }
    }
  }

  /// A row with a title and, below it, its thumbnail's name: the subtitle style, whose detail
  /// label a `.default` cell does not have.
  final class SubtitleCell: UITableViewCell {
    override init(style: CellStyle, reuseIdentifier: String?) {
      super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) { nil }
  }

  func makeTable() -> UITableView {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    table.register(SubtitleCell.self, forCellReuseIdentifier: "row")
    return table
  }

  /// Times one frame: the scroll, its layout, and the main-actor jobs it leaves, until a few
  /// turns find nothing more to do.
  func frame(_ table: UITableView, loads: LoadGate? = nil, settle: () -> Bool) async -> Double {
    let clock = ContinuousClock()
    loads?.close()
    let started = clock.now
    table.contentOffset.y += step
    table.layoutIfNeeded()
    // The jobs the frame queued on the main actor (a prefetch plan, a release of cells that
    // left) run in these turns; what waits on another thread (a load) lands later, untimed.
    await Task.yield()
    await Task.yield()
    let elapsed = clock.now - started
    loads?.open()
    var quiet = 0
    while quiet < 2 {
      await Task.yield()
      quiet = settle() ? quiet + 1 : 0
    }
    return elapsed.inMilliseconds * 1_000
  }

  /// What the Bindery table binds with: everything (the published figure), or everything but
  /// one feature, or none of them, to tell each feature's share of the time per frame.
  struct Features: Equatable {
    /// What the Bindery table is measured against.
    enum Baseline: String {
      /// A table with a plain data source and no late content (the published figure).
      case plain
      /// A table whose data source loads the same late content by hand, with UIKit's
      /// prefetching: what Bindery replaces.
      case handWritten = "hand-written content"
    }

    var baseline = Baseline.plain
    var content = true
    var prefetching = true
    var keptHeights = true
    var pageLoader = true

    /// The cases `--cases` names, in the order they run.
    static let cases: [(name: String, features: Features)] = [
      ("all", Features()),
      ("no-content", Features(content: false, prefetching: false)),
      ("no-prefetching", Features(prefetching: false)),
      ("no-kept-heights", Features(keptHeights: false)),
      ("no-page-loader", Features(pageLoader: false)),
      ("bare", Features(content: false, prefetching: false, keptHeights: false, pageLoader: false)),
      ("hand-written", Features(baseline: .handWritten)),
    ]
  }

  /// One case's frames.
  struct Measure {
    var name: String
    var baseline = Features.Baseline.plain
    var plainFrames: [Double] = []
    var binderyFrames: [Double] = []
    var ratios: [Double] = []
    /// Each frame's ratio by whether rows came on screen or left it: most of Bindery's work
    /// is in those frames, the others only follow the offset.
    var quietRatios: [Double] = []
    var rowRatios: [Double] = []
    var loads = 0
    /// The loads the hand-written baseline made; none for the plain one.
    var baselineLoads = 0
    var firstVisibleRow = -1
  }

  func run() async {
    let names = options.cases ?? ["all"]
    let cases = Features.cases.filter { names.contains($0.name) }
    let unknown = names.subtracting(Features.cases.map(\.name))
    if !unknown.isEmpty {
      FileHandle.standardError.write(
        Data(
          ("unknown scroll cases \(unknown.sorted()); the cases are "
            + Features.cases.map(\.name).joined(separator: ", ") + "\n").utf8))
    }
    var measures: [Measure] = []
    for (name, features) in cases {
      measures.append(await measure(name, features: features))
    }
    report(measures)
  }

  /// Scrolls a plain table and a Bindery table bound with `features` side by side.
  func measure(_ name: String, features: Features) async -> Measure {
    let frames = options.frames ?? 600
    let rows = (0..<rowCount).map { Row(id: $0, title: "post \($0)") }

    // The store's time, and so the prefetcher's, is the frames' time: 60 frames a second. On
    // the wall clock the frames come as fast as they run, some thirty times as often, and
    // the prefetcher would plan for a scroll some thirty times as fast as the one measured.
    let time = VirtualClock()
    let gate = LoadGate()

    let plainTable = makeTable()
    let plain = PlainRows(rows: rows)
    // The hand-written baseline's loads pass a gate of their own, closed while its frames are
    // timed, as the Bindery table's are.
    let handWrittenGate = LoadGate()
    let handWritten = HandWrittenContentRows(rows: rows) { id in
      await handWrittenGate.passage()
      return "thumbnail \(id)"
    }
    switch features.baseline {
    case .plain:
      plainTable.dataSource = plain
    case .handWritten:
      plainTable.dataSource = handWritten
      plainTable.prefetchDataSource = handWritten
      handWritten.tableView = plainTable
    }
    UIWindow.show(plainTable)
    plainTable.layoutIfNeeded()
    let baselineLoads: LoadGate? = features.baseline == .handWritten ? handWrittenGate : nil
    let baselineSettled = { handWritten.running == 0 }
    let thumbnails = ContentStore<Int, String>(
      configuration: .init(countLimit: 2_000, maximumConcurrentLoads: 6, clock: time)
    ) { id in
      await gate.passage()
      return "thumbnail \(id)"
    }
    let table = makeTable()
    var binding: TableBinding<FlatSection, Row>
    if features.content {
      binding = table.bind(
        to: .sequence(AsyncStream<[Row]> { _ in }),
        content: .store(thumbnails, prefetching: features.prefetching ? .automatic : .never)
      ) { tableView, indexPath, row, thumbnail in
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = row.title
        cell.detailTextLabel?.text = thumbnail.content
        return cell
      }
    } else {
      binding = table.bind(to: .sequence(AsyncStream<[Row]> { _ in })) {
        tableView, indexPath, row in
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = row.title
        return cell
      }
    }
    if features.keptHeights { binding = binding.keepsRowHeights() }
    if features.pageLoader { binding = binding.loadMore(hasMore: { true }) {} }
    UIWindow.show(table)
    binding.submit(items: rows)
    _ = await binding.waitUntilShown()
    table.layoutIfNeeded()
    // Settled once no load runs or waits and every outcome has been taken in on the main actor:
    // an outcome still on its way would be taken in during the next frame, whichever table's
    // it is, and the plain table's frames would be billed for Bindery's content.
    let settled = {
      thumbnails.loadsInFlight == 0 && thumbnails.waitingCount == 0
        && thumbnails.outcomesNotTakenIn == 0
    }
    // Let the first screen's content arrive before the first frame.
    for _ in 0..<10_000 where !settled() || !baselineSettled() { await Task.yield() }

    var measure = Measure(name: name, baseline: features.baseline)
    var rowsOnScreen = visibleRange(of: table)
    for index in 0..<frames {
      var plainTime = 0.0
      var binderyTime = 0.0
      time.advance(by: frameInterval)
      for turn in index.isMultiple(of: 2) ? [0, 1] : [1, 0] {
        if turn == 0 {
          plainTime = await frame(plainTable, loads: baselineLoads, settle: baselineSettled)
        } else {
          binderyTime = await frame(table, loads: gate, settle: settled)
        }
      }
      measure.plainFrames.append(plainTime)
      measure.binderyFrames.append(binderyTime)
      measure.ratios.append(binderyTime / plainTime)
      let rows = visibleRange(of: table)
      if rows == rowsOnScreen {
        measure.quietRatios.append(binderyTime / plainTime)
      } else {
        measure.rowRatios.append(binderyTime / plainTime)
      }
      rowsOnScreen = rows
    }
    measure.firstVisibleRow = table.indexPathsForVisibleRows?.first?.row ?? -1
    measure.loads = thumbnails.statistics.started
    measure.baselineLoads = handWritten.thumbnails.count
    binding.cancel()
    plainTable.removeFromSuperview()
    table.removeFromSuperview()
    return measure
  }

  func report(_ measures: [Measure]) {
    let core = options.core
    let frames = options.frames ?? 600
    let mean = { (values: [Double]) in values.reduce(0, +) / Double(max(1, values.count)) }
    if options.json {
      printJSON(
        measures.map { measure in
          [
            "case": measure.name, "baseline": measure.baseline.rawValue, "rows": rowCount,
            "frames": frames,
            "points_per_frame": Double(step), "one_core": core.map { $0 as Any } ?? NSNull(),
            "plain_median_us": median(measure.plainFrames),
            "bindery_median_us": median(measure.binderyFrames),
            "plain_mean_us": mean(measure.plainFrames),
            "bindery_mean_us": mean(measure.binderyFrames),
            "median_ratio": median(measure.ratios),
            "mean_ratio": mean(measure.binderyFrames) / mean(measure.plainFrames),
            "loads": measure.loads, "baseline_loads": measure.baselineLoads,
            "first_visible_row": measure.firstVisibleRow,
            "frames_rows_still": measure.quietRatios.count,
            "median_ratio_rows_still": median(measure.quietRatios),
            "frames_rows_moved": measure.rowRatios.count,
            "median_ratio_rows_moved": median(measure.rowRatios),
          ]
        })
      return
    }
    print(
      "bindery-bench scroll: \(rowCount) rows, \(frames) frames of \(step) points, "
        + "alternately first; the Bindery table with late content, prefetching, a page loader, "
        + "anchoring and kept heights unless the case says otherwise; the baseline a plain "
        + "table, or for hand-written one that loads the same content by hand"
        + (core.map { "; the process kept on core \($0)" } ?? ""))
    let format = { (value: Double) in String(format: "%.1f", value) }
    let ratio = { (value: Double) in String(format: "%.2f", value) }
    print(
      textTable(
        [
          "case", "baseline µs (median)", "Bindery µs (median)", "ratio (median of frames)",
          "ratio of means", "ratio, no row came or went", "ratio, a row did",
        ],
        measures.map { measure in
          [
            measure.name, format(median(measure.plainFrames)),
            format(median(measure.binderyFrames)), ratio(median(measure.ratios)),
            ratio(mean(measure.binderyFrames) / mean(measure.plainFrames)),
            "\(ratio(median(measure.quietRatios))) (\(measure.quietRatios.count) frames)",
            "\(ratio(median(measure.rowRatios))) (\(measure.rowRatios.count) frames)",
          ]
        }))
  }

  /// The rows on screen, first to last.
  func visibleRange(of table: UITableView) -> ClosedRange<Int>? {
    guard let rows = table.indexPathsForVisibleRows, let first = rows.first, let last = rows.last
    else { return nil }
    return first.row...last.row
  }
}

/// A gate the Bindery table's loads pass on their way: closed while a frame is timed, so that
/// what a frame starts ends after it, between frames, whatever the loader threads' timing.
final class LoadGate: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = true
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Returns at once while the gate is open; otherwise once it opens.
  func passage() async {
    await withCheckedContinuation { (passage: CheckedContinuation<Void, Never>) in
      let passes = lock.withLock { () -> Bool in
        if !isOpen { waiting.append(passage) }
        return isOpen
      }
      if passes { passage.resume() }
    }
  }

  /// Holds the loads that come from now on.
  func close() { lock.withLock { isOpen = false } }

  /// Lets the loads held, and those that come, through.
  func open() {
    let held = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      isOpen = true
      defer { waiting = [] }
      return waiting
    }
    for passage in held { passage.resume() }
  }
}

import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// A cell of the live demo: the mate and avatar it was configured with, drawn by the demo.
final class MateCell: UITableViewCell {
  var mate: Mate?
  var avatar: Identicon?
}

/// The live demo: a HeadlessUIKit table bound with Bindery to a feed of mates that join,
/// leave, move and change status, with identicon avatars loaded through a ContentStore with
/// simulated latency and prefetched ahead of the scroll; drawn in the terminal.
@MainActor
final class LiveDemo {
  struct Options {
    var mates = 200
    var latencyMilliseconds = 150.0
    var seed: UInt64 = 20_261_130
    /// How long to run; `nil`: until `q` in a terminal, ``scriptedSeconds`` without one.
    var seconds: Double?

    /// How long the scripted scenario runs when `--seconds` does not say.
    static let scriptedSeconds = 4.0
  }

  let options: Options
  let visibleRows: Int
  let table: UITableView
  let avatars: ContentStore<Int, Identicon>
  let feed: AsyncStream<[Mate]>
  let feedSink: AsyncStream<[Mate]>.Continuation
  var binding: ListBinding<FlatSection, Mate>?
  var mates: [Mate] = []
  var nextID = 0
  var random: SeededGenerator
  var isPaused = false
  var changedAt: [Int: ContinuousClock.Instant] = [:]
  var cellMate: [ObjectIdentifier: Int] = [:]
  /// Mates shown in a cell for the first time, and how many of them had their avatar: on the
  /// first screen, newly inserted by an update where the user looks, or scrolled in.
  var appearances = Appearances()
  /// The ids of the list shown before the one being shown: a mate not among them is new.
  var previousIDs: Set<Int> = []
  var currentIDs: Set<Int> = []
  /// Until the user scrolls or a list comes after the table is on screen, cells belong to the
  /// first screen.
  var isFirstScreen = true
  /// The mate at the top of the screen before a list is shown, where it was on screen, and how
  /// many lists that changed the mates above it kept it there (Bindery's scroll anchoring).
  var reading: (id: Int, index: Int, screenStart: CGFloat)?
  var placeKept = 0
  var changesAbove = 0
  let clock = ContinuousClock()

  init(options: Options, visibleRows: Int) {
    self.options = options
    self.visibleRows = max(3, visibleRows)
    random = SeededGenerator(seed: options.seed)
    table = UITableView(
      frame: CGRect(x: 0, y: 0, width: 390, height: CGFloat(self.visibleRows) * 44))
    table.isStrict = true
    table.register(MateCell.self, forCellReuseIdentifier: "mate")
    let median = options.latencyMilliseconds
    let seed = options.seed
    avatars = ContentStore(configuration: .init(costLimit: 8 << 20, cost: { $0.bytes })) { id in
      // Log-normal latency around the median, the same for an id on every run.
      var random = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: id &* 7_919))
      let z = Double.random(in: -2.3...2.3, using: &random)
      try await Task.sleep(for: .milliseconds(Int(median * exp(0.72 * z))))
      return Identicon(id: id)
    }
    (feed, feedSink) = AsyncStream.makeStream(of: [Mate].self)
  }

  // MARK: Running

  func start() {
    for _ in 0..<options.mates { mates.append(newMate()) }
    // The first screen is shown with its avatars (the README's promise: a second at most), and
    // new mates (joining, or moving to the top) wait briefly for theirs.
    binding = table.bind(
      to: .sequence(feed),
      content: .store(
        avatars, holdingFirstDisplay: .seconds(1), holdingNewRows: .milliseconds(200))
    ) {
      [unowned self] tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      if cellMate.updateValue(mate.id, forKey: ObjectIdentifier(cell)) != mate.id {
        // A mate newly shown in this cell, not a reconfigure.
        let kind: Appearances.Kind =
          isFirstScreen ? .firstScreen : previousIDs.contains(mate.id) ? .scrolledIn : .inserted
        appearances.count(kind, hit: avatar.content != nil)
      }
      (cell as? MateCell)?.mate = mate
      (cell as? MateCell)?.avatar = avatar.content
      return cell
    }
    binding?.onWillShow { [unowned self] snapshot in
      // The first list's cells are the first screen's, whether the window shows them as the
      // list comes (it was held until the screen appeared) or as the window comes (the list
      // was ready first); a list shown once the first is on screen is an update.
      if !currentIDs.isEmpty, table.window != nil { isFirstScreen = false }
      previousIDs = currentIDs
      currentIDs = Set(snapshot.items.map(\.id))
      markReadingPosition()
    }
    binding?.onShow { [unowned self] in checkReadingPosition() }
    feedSink.yield(mates)
    // The screen appears a moment after the data, as when it is pushed: the prefetcher has
    // been loading the first screen's avatars meanwhile.
    Task { [weak self] in
      try? await Task.sleep(for: .milliseconds(300))
      if let table = self?.table { UIWindow.show(table) }
    }
    Task { [weak self] in
      while let self {
        try? await Task.sleep(for: .milliseconds(400))
        if !self.isPaused { self.changeSomething() }
      }
    }
  }

  /// In a terminal: draws 20 times a second and follows the keys until `q` (or Ctrl-C), or
  /// until `--seconds` have passed; then restores the terminal and prints what it measured.
  func runInteractive() async {
    Terminal.enterRawMode()
    start()
    let started = clock.now
    let (events, sink) = AsyncStream.makeStream(of: Terminal.Key.self)
    let typing = Task.detached {
      for await key in Terminal.keys() { sink.yield(key) }
      sink.finish()  // standard input closed: end as if `q` was typed
    }
    let timer = options.seconds.map { seconds in
      Task {
        try await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
        sink.yield(.quit)
      }
    }
    let drawing = Task { [weak self] in
      while let self, !Task.isCancelled {
        Terminal.write(self.frame(colour: true))
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    loop: for await key in events {
      switch key {
      case .up: scroll(by: -44)
      case .down: scroll(by: 44)
      case .pageUp: scroll(by: -CGFloat(visibleRows) * 44)
      case .pageDown: scroll(by: CGFloat(visibleRows) * 44)
      case .pause: isPaused.toggle()
      case .quit: break loop
      }
    }
    drawing.cancel()
    timer?.cancel()
    typing.cancel()
    Terminal.leaveRawMode()
    printSummary(ranFor: clock.now - started)
    binding?.cancel()
  }

  /// Without a terminal: a fixed scenario (the feed running, a slow scroll down), then a summary
  /// with the figures the status line shows.
  func runScripted() async {
    start()
    let started = clock.now
    let steps = Int((options.seconds ?? Options.scriptedSeconds) * 10)
    for step in 0..<steps {
      try? await Task.sleep(for: .milliseconds(100))
      if step < steps * 2 / 3 && step % 2 == 0 { scroll(by: 44) }
    }
    print(frame(colour: false))
    printSummary(ranFor: clock.now - started)
    binding?.cancel()
  }

  /// What the run measured, as it ends: how long it ran, the status line's figures and the
  /// violations HeadlessUIKit reported (none is the point).
  func printSummary(ranFor duration: Duration) {
    let seconds =
      Double(duration.components.seconds)
      + Double(duration.components.attoseconds) / 1e18
    print(String(format: "ran %.1f s · ", seconds) + statusLine())
    print(appearances.firstScreenVerdict)
    print("violations reported by HeadlessUIKit (strict): \(table.violations.count)")
  }

  // MARK: The feed

  func newMate() -> Mate {
    defer { nextID += 1 }
    return Mate(
      id: nextID, name: MateNames.name(for: nextID),
      status: Mate.Status.allCases.randomElement(using: &random) ?? .online)
  }

  func changeSomething() {
    let now = clock.now
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<2:
      let mate = newMate()
      mates.insert(mate, at: Int.random(in: 0...mates.count, using: &random))
      changedAt[mate.id] = now
    case 2..<4 where mates.count > 20:
      mates.remove(at: Int.random(in: 0..<mates.count, using: &random))
    case 4..<5 where mates.count > 1:
      var walker = mates.remove(at: Int.random(in: 1..<mates.count, using: &random))
      walker.status = .walking
      mates.insert(walker, at: 0)
      changedAt[walker.id] = now
    default:
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let index = Int.random(in: 0..<mates.count, using: &random)
        mates[index].status = Mate.Status.allCases.randomElement(using: &random) ?? .away
        changedAt[mates[index].id] = now
      }
    }
    feedSink.yield(mates)
  }

  // MARK: Drawing

  func frame(colour: Bool) -> String {
    let reset = colour ? "\u{1B}[0m" : ""
    let bold = colour ? "\u{1B}[1m" : ""
    var lines: [String] = []
    lines.append(
      "\(bold)Bindery demo\(reset) · \(binding?.snapshot.numberOfItems ?? 0) mates · "
        + "↑↓ j/k scroll · PgUp/PgDn · space \(isPaused ? "resume" : "pause") · q quit")
    let now = clock.now
    for path in table.indexPathsForVisibleRows ?? [] {
      guard let cell = table.cellForRow(at: path) as? MateCell, let mate = cell.mate else {
        continue
      }
      let recent = changedAt[mate.id].map { now - $0 < .milliseconds(1_200) } ?? false
      let tint = colour && recent ? "\u{1B}[48;2;70;60;10m" : ""
      let name = mate.name.padding(toLength: 18, withPad: " ", startingAt: 0)
      let status = mate.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      let mark = !colour && recent ? "*" : " "
      for line in 0..<2 {
        let avatar: String
        if colour {
          avatar = cell.avatar?.line(line) ?? Identicon.placeholder(line)
        } else {
          avatar = cell.avatar == nil ? "(loading) " : "[avatar]  "
        }
        let text =
          line == 0
          ? "\(mark)\(name) \(status)"
          : " #\(path.row) id \(mate.id)".padding(
            toLength: 28, withPad: " ", startingAt: 0)
        lines.append(" \(avatar) \(tint)\(text)\(reset)")
        if !colour { break }
      }
    }
    lines.append(statusLine())
    if colour {
      return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J"
    }
    return lines.joined(separator: "\n")
  }

  func statusLine() -> String {
    let statistics = binding?.statistics ?? BindingStatistics()
    let perUpdate =
      statistics.updates > 0 ? Double(statistics.operations) / Double(statistics.updates) : 0
    let diff = statistics.lastDiffTime.inMilliseconds
    return String(
      format: "updates %d · %.1f ops/update · diff %.3f ms · avatars ready: %@ · "
        + "place kept %d/%d as mates came and went above · loads in flight %d · cache %.1f MB%@",
      statistics.updates, perUpdate, diff, appearances.summary, placeKept, changesAbove,
      avatars.loadsInFlight, Double(avatars.cachedCost) / 1_048_576, isPaused ? " · paused" : "")
  }

  /// Notes the mate at the top of the screen, unless the table is at its very top (where new
  /// mates are meant to show).
  func markReadingPosition() {
    reading = nil
    guard table.window != nil, table.contentOffset.y > 0,
      let path = table.indexPathsForVisibleRows?.first, let mate = binding?.item(at: path)
    else { return }
    reading = (mate.id, path.row, table.rectForRow(at: path).minY - table.contentOffset.y)
  }

  /// Counts a list that moved the reading mate down or up the list (mates joined or left
  /// above it), and whether it stayed where it was on screen.
  func checkReadingPosition() {
    guard let reading, let path = binding?.indexPath(for: reading.id), path.row != reading.index
    else { return }
    changesAbove += 1
    if table.rectForRow(at: path).minY - table.contentOffset.y == reading.screenStart {
      placeKept += 1
    }
  }

  /// Scrolls the table: once it shows a list, cells shown from now on are not the first
  /// screen's (before, there is nothing to scroll: the first list is held for its avatars).
  func scroll(by distance: CGFloat) {
    if table.window != nil, !currentIDs.isEmpty { isFirstScreen = false }
    table.scroll(by: distance)
  }
}

/// Mates shown in a cell for the first time, by why they were shown, and how many had their
/// avatar then.
struct Appearances {
  enum Kind: CaseIterable {
    case firstScreen, inserted, scrolledIn

    var label: String {
      switch self {
      case .firstScreen: "first screen"
      case .inserted: "new"
      case .scrolledIn: "scrolled in"
      }
    }
  }

  private var shown: [Kind: (hits: Int, total: Int)] = [:]

  mutating func count(_ kind: Kind, hit: Bool) {
    var entry = shown[kind] ?? (0, 0)
    entry.total += 1
    if hit { entry.hits += 1 }
    shown[kind] = entry
  }

  /// What the README promises of the first screen, and whether this run kept it.
  var firstScreenVerdict: String {
    guard let first = shown[.firstScreen] else { return "first screen: not shown" }
    return first.hits == first.total
      ? "first screen: every avatar ready when first shown (\(first.hits)/\(first.total)), "
        + "as the README promises with holdingFirstDisplay:"
      : "first screen: \(first.hits)/\(first.total) avatars ready when first shown, "
        + "short of the README's promise"
  }

  /// "first screen 12/12 · new 3/3 · scrolled in 40/41", kinds not seen left out.
  var summary: String {
    let parts = Kind.allCases.compactMap { kind -> String? in
      guard let entry = shown[kind] else { return nil }
      return "\(kind.label) \(entry.hits)/\(entry.total)"
    }
    return parts.isEmpty ? "none shown yet" : parts.joined(separator: " · ")
  }
}

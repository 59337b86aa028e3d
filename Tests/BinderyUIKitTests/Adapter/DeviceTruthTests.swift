import Bindery
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit
import Testing

/// Bindery against the rules HeadlessUIKit once let through: each test does what an app does on
/// a device and expects neither a violation nor a glitch.
@Suite("Device truth: what a bound view does on a device", .mainActorTurns)
@MainActor
struct DeviceTruthTests {
  /// What the table shows, row by row, and what its data source says those rows are.
  func shownAndExpected(_ table: UITableView) -> ([String?], [String]) {
    let paths = table.indexPathsForVisibleRows ?? []
    return (table.visibleCells.map { $0.textLabel?.text }, paths.map { "\($0.row):0" })
  }

  /// A table bound to a source of mates with avatars from `avatars`, each row showing
  /// `ContentLifecycleTests.label`.
  func bindAvatars(
    _ table: UITableView, _ avatars: ContentStore<Int, String>,
    prefetching: Prefetching = .automatic
  ) -> ViewBinding<FlatSection, TestItem> {
    table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }),
      content: .store(avatars, prefetching: prefetching)
    ) {
      tableView, indexPath, mate, avatar in
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = ContentLifecycleTests.label(mate, avatar)
      return cell
    }
  }

  // MARK: 1. A stopped binding's view keeps answering

  @Test(arguments: [false, true])
  func aStoppedBindingsViewScrollsAndReloadsTheRowsItShowed(released: Bool) async {
    let table = makeTable()
    weak var gone: ViewBinding<FlatSection, TestItem>?
    do {
      let binding = table.bind(
        to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
      gone = binding
      #expect(await binding.apply(items: (0..<300).map { TestItem(id: $0) }))
      if !released {
        binding.cancel()
        binding.submit(items: [])  // too late: nothing reaches the view after cancel
      }
    }
    await eventually("the binding to stop") { gone == nil || gone?.view == nil }
    // The swipe back is cancelled: the user scrolls on, then the table reloads.
    table.scroll(by: 3_000)
    let (shown, expected) = shownAndExpected(table)
    #expect(shown.compactMap { $0 } == expected)
    #expect(expected.first == "68:0")
    table.reloadData()
    #expect(rowCount(of: table) == 300)
    table.layoutIfNeeded()  // the reload's cells come with its layout, as on a device
    #expect(shownAndExpected(table).0.compactMap { $0 } == expected)
    #expect(table.violations.isEmpty, "\(table.violations)")
    if released { #expect(gone == nil, "the view keeps its data source, not the binding") }
  }

  @Test func aStoppedBindingsViewLoadsAndWantsNothing() async {
    let loader = CountingLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars)
    #expect(await binding.apply(items: (0..<300).map { TestItem(id: $0) }))
    let firstScreen = (0..<12).map { "\($0) avatar \($0)" }
    await eventually("the first screen's avatars") {
      table.visibleCells.map { $0.textLabel?.text ?? "" } == firstScreen
    }
    binding.cancel()
    await eventually("the interest to go") { avatars.interestedKeyCount == 0 }
    let loads = loader.total
    table.scroll(by: 3_000)
    table.scroll(by: -3_000)
    await Task.yield()
    #expect(avatars.interestedKeyCount == 0)
    #expect(loader.total == loads)
    #expect(table.visibleCells.first?.textLabel?.text == "0 avatar 0", "what the store has")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func bindingTheViewAgainReplacesTheKeptDataSource() async {
    let table = makeTable()
    weak var firstDataSource: AnyObject?
    do {
      let first = table.bind(
        to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
      #expect(await first.apply(items: [TestItem(id: 1)]))
      firstDataSource = table.dataSource
      first.cancel()
    }
    let second = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await second.apply(items: [TestItem(id: 2), TestItem(id: 3)]))
    #expect(firstDataSource == nil, "released once the view was bound again")
    #expect(table.visibleCells.map { $0.textLabel?.text } == ["2:0", "3:0"])
  }

  // MARK: 2. Updates from inside a cell request

  @Test func contentAnnouncedInsideACellRequestReachesTheViewOnTheNextTurn() async {
    let clock = VirtualClock()
    let loader = CountingLoader()
    loader.failing = [0]
    let avatars = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .seconds(1), jitter: 0), clock: clock),
      loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars, prefetching: .never)
    #expect(await binding.apply(items: (0..<5).map { TestItem(id: $0) }))
    await eventually("row 0 to fail") { table.visibleCells.first?.textLabel?.text == "0 failed" }
    // Mate 0 leaves: nobody wants key 0, its retry is forgotten, and its backoff passes. Its
    // cell waits for reuse, still known as the cell that showed key 0.
    #expect(await binding.apply(items: (1..<5).map { TestItem(id: $0) }))
    await eventually("key 0 to be let go") { avatars.interest(in: 0) == 0 }
    clock.advance(by: .seconds(2))
    loader.failing = []
    // Mate 0 comes back: the cell request for its row retries key 0 at once, and the store
    // announces it from inside that request.
    #expect(await binding.apply(items: (0..<5).map { TestItem(id: $0) }))
    #expect(table.violations.isEmpty, "\(table.violations)")
    await eventually("row 0's avatar") { table.visibleCells.first?.textLabel?.text == "0 avatar 0" }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  // MARK: 3. Views that were not dequeued

  @Test func kindsTheBindingWasNotToldAboutGetAnEmptyDequeuedView() async {
    let grid = makeGrid()
    let layout = grid.collectionViewLayout as? UICollectionViewFlowLayout
    layout?.headerReferenceSize = CGSize(width: 0, height: 30)
    layout?.footerReferenceSize = CGSize(width: 0, height: 20)
    final class Header: UICollectionReusableView {}
    let binding = grid.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeItem
    )
    .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, Header.self) { _, _, _ in
    }
    #expect(
      await binding.apply([
        ListSection(TestSection(id: 0), items: [TestItem(id: 0)]),
        ListSection(TestSection(id: 1), items: [TestItem(id: 1)]),
      ]))
    let footers = grid.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionFooter)
    #expect(footers.count == 2)
    #expect(grid.violations.isEmpty, "\(grid.violations)")
  }

  // MARK: 4. Reconfigure with another cell type

  @Test(arguments: [false, true])
  func aChangeThatNeedsAnotherCellIsAReload(withModifier: Bool) async {
    let table = makeTable()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "away")
    // Odd content: the mate is away, and shown in a cell of its own.
    let binding = table.bind(to: .sequence(AsyncStream<[TestItem]> { _ in })) {
      tableView, indexPath, mate in
      let identifier = mate.content % 2 == 1 ? "away" : "row"
      let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
      cell.textLabel?.text = "\(mate)"
      return cell
    }
    if withModifier { _ = binding.replacesCells(when: { $0.content % 2 != $1.content % 2 }) }
    var mates = (0..<5).map { TestItem(id: $0) }
    #expect(await binding.apply(items: mates))
    let stayed = table.cellForRow(at: IndexPath(row: 3, section: 0))
    mates[1].content = 1  // away: another cell
    mates[3].content = 2  // still here: the same cell
    #expect(await binding.apply(items: mates))
    if withModifier {
      #expect(table.violations.isEmpty, "\(table.violations)")
      #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.reuseIdentifier == "away")
      #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === stayed)
      #expect(table.visibleCells.map { $0.textLabel?.text } == ["0:0", "1:1", "2:0", "3:2", "4:0"])
    } else {
      #expect(table.violations.map(\.rule) == [.reconfigureWithDifferentIdentifier])
    }
  }

  // MARK: 5. Lists that arrive while the user moves an item

  @Test func listsWaitForTheUsersMoveAndFollowIt() async {
    let grid = makeGrid()
    // The app's model: it publishes every change, the user's move included.
    var model = (0..<9).map { TestItem(id: $0) }
    var binding: ViewBinding<FlatSection, TestItem>?
    binding = grid.bind(to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
      .onMove { _, from, to in
        model.insert(model.remove(at: from.item), at: to.item)
        binding?.submit(items: model)
      }
    guard let binding else { return }
    #expect(await binding.apply(items: model))
    #expect(grid.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    let (batches, operations) = (grid.acceptedBatchCount, binding.statistics.operations)
    model[5].content = 1
    binding.submit(items: model)
    model[6].content = 1
    binding.submit(items: model)  // replaces the one before, as latest wins
    await eventually("a list to wait for the gesture") { binding.statistics.heldForUser > 0 }
    #expect(grid.acceptedBatchCount == batches, "nothing is applied under the finger")
    grid.updateInteractiveMovementTargetPosition(CGPoint(x: 250, y: 150))  // item 5's place
    grid.endInteractiveMovement()
    #expect(binding.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 0, 6, 7, 8])
    #expect(await binding.waitUntilShown())
    #expect(grid.violations.isEmpty, "\(grid.violations)")
    // One diff of the newest list from where the user left item 0: it stays there, and the
    // changes made meanwhile show; the list held during the gesture never moved it back.
    #expect(binding.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 0, 6, 7, 8])
    #expect(binding.snapshot.items.filter { $0.content == 1 }.map(\.id) == [5, 6])
    #expect(binding.statistics.operations == operations + 2, "two reconfigures, no move")
  }

  @Test func contentThatArrivesWhileTheUserDragsWaitsForTheDrop() async {
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    let table = makeTable()
    let binding = bindAvatars(table, avatars)
      .onMove { _, _, _ in }
    #expect(await binding.apply(items: (0..<4).map { TestItem(id: $0) }))
    table.setEditing(true, animated: false)
    #expect(table.userBeginsReorderingRow(at: IndexPath(row: 3, section: 0)))
    for key in 0..<4 { loader.open(key) }
    await eventually("the avatars") { (0..<4).allSatisfy { avatars.state(for: $0).content != nil } }
    await Task.yield()
    #expect(table.violations.isEmpty, "nothing reconfigured under the finger: \(table.violations)")
    #expect(table.userDropsReorderedRow() == false, "dropped where it was picked up")
    await eventually("the avatars shown") {
      table.visibleCells.map { $0.textLabel?.text } == (0..<4).map { "\($0) content \($0)" }
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
  }

  @Test func aTableHoldsListsWhileTheUserDragsARow() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .onMove { _, _, _ in }
    #expect(await binding.apply(items: (0..<6).map { TestItem(id: $0) }))
    table.setEditing(true, animated: false)
    #expect(table.userBeginsReorderingRow(at: IndexPath(row: 4, section: 0)))
    table.userDragsReorderedRow(to: IndexPath(row: 0, section: 0))
    let batches = table.acceptedBatchCount
    async let shown = binding.apply(items: (0..<7).map { TestItem(id: $0) })
    await eventually("the list to wait for the drop") { binding.statistics.heldForUser > 0 }
    #expect(table.acceptedBatchCount == batches)
    #expect(table.userDropsReorderedRow())
    #expect(await shown)
    #expect(table.violations.isEmpty, "\(table.violations)")
    #expect(binding.snapshot.items.map(\.id) == Array(0..<7))
  }

  // MARK: 6. apply returns when UIKit is done

  @Test func applyReturnsAfterUIKitsCompletion() async {
    let table = makeTable()
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    #expect(await binding.apply(items: (0..<5).map { TestItem(id: $0) }))
    #expect(await binding.apply(items: (0..<6).map { TestItem(id: $0) }))
    #expect(table.pendingCompletionCount == 0, "the batch's completion ran before apply returned")
    #expect(await binding.waitUntilShown())
  }

  @Test func cellsAskedForRowsABatchRemovedAreEmptyButDequeued() async {
    let table = makeTable()
    table.requestsCellsAtStalePaths = true
    let grid = makeGrid()
    grid.requestsCellsAtStalePaths = true
    let rows = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow)
    let items = grid.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeItem)
    for count in [10, 6, 2] {
      #expect(await rows.apply(items: (0..<count).map { TestItem(id: $0) }))
      #expect(await items.apply(items: (0..<count).map { TestItem(id: $0) }))
    }
    #expect(table.violations.isEmpty, "\(table.violations)")
    #expect(grid.violations.isEmpty, "\(grid.violations)")
    #expect(grid.visibleCells.compactMap { ($0 as? LabelledCell)?.text } == ["0:0", "1:0"])
  }

  /// UIKit raises when a collection view is released while one of its updates animates
  /// (UIKit rules §7.1): a screen dismissed in the turn a list was shown must not be.
  @Test func aGridDismissedWhileItsUpdateAnimatesIsKeptUntilTheAnimationEnds() async {
    var reported: [UpdateViolation] = []
    weak var gone: UICollectionView?
    let loader = GatedLoader()
    let avatars = ContentStore<Int, String>(loader: loader.load)
    var grid: UICollectionView? = makeGrid()
    gone = grid
    grid?.onViolation = { reported.append($0) }
    let binding = grid?.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), content: .store(avatars)
    ) {
      grid, indexPath, item, avatar in
      let cell = grid.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      (cell as? LabelledCell)?.text = "\(item) \(avatar.content ?? "…")"
      return cell
    }
    #expect(await binding?.apply(items: (0..<30).map { TestItem(id: $0) }) == true)
    // Dismissed and released in the turn its update was applied, the animation still running.
    // A task queued after it runs after the view's animations end (the main actor runs its
    // tasks in order).
    var animationsEnded = false
    func dismiss() {
      binding?.cancel()
      grid?.removeFromSuperview()
      grid = nil
      Task { @MainActor in animationsEnded = true }
    }
    binding?.onShow { dismiss() }
    binding?.submit(items: (0..<31).map { TestItem(id: $0) })
    await eventually("the grid to go") { gone == nil && animationsEnded }
    #expect(reported.isEmpty, "\(reported)")
    loader.openAll()
  }

  // MARK: 9. Smaller differences

  @Test func aRowThatMayMoveButNotBeDeletedCanBeMoved() async {
    let table = makeTable()
    var deleted: [Int] = []
    let binding = table.bind(
      to: .sequence(AsyncStream<[TestItem]> { _ in }), cellProvider: describeRow
    )
    .onDelete(canDelete: { $0.id != 1 }) { item, _ in deleted.append(item.id) }
    .onMove { _, _, _ in }
    #expect(await binding.apply(items: (0..<4).map { TestItem(id: $0) }))
    table.setEditing(true, animated: false)
    #expect(
      table.userMovesRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0)))
    #expect(binding.snapshot.items.map(\.id) == [0, 2, 3, 1])
    table.userDeletesRow(at: IndexPath(row: 3, section: 0))  // row 1, now at 3
    table.userDeletesRow(at: IndexPath(row: 0, section: 0))
    #expect(deleted == [0], "a delete of the row that may not be deleted is ignored")
  }

  @Test func aSectionChangedInPlaceIsToldAndItsHeadersMeasuredAgain() async {
    let table = makeTable()
    var changed: [Int] = []
    let binding = table.bind(
      to: .sectionedSequence(AsyncStream<[ListSection<TestSection, TestItem>]> { _ in }),
      cellProvider: describeRow
    )
    .headerTitles { "S\($0.id) \($0.title)" }
    .onSectionChange { section, index in changed.append(index) }
    #expect(await binding.apply([ListSection(TestSection(id: 0), items: [TestItem(id: 0)])]))
    let batches = table.acceptedBatchCount
    #expect(
      await binding.apply([ListSection(TestSection(id: 0, title: 4), items: [TestItem(id: 0)])]))
    #expect(changed == [0])
    #expect(table.headerView(forSection: 0)?.displayedText == "S0 4")
    // The stage's batch, then an empty one: UIKit measures the headers again.
    #expect(table.acceptedBatchCount == batches + 2)
    // A header restyled with a content configuration keeps it, with the new title.
    let header = table.headerView(forSection: 0)
    var content = header?.defaultContentConfiguration()
    content?.text = "S0 4"
    header?.contentConfiguration = content
    #expect(
      await binding.apply([ListSection(TestSection(id: 0, title: 5), items: [TestItem(id: 0)])]))
    #expect(header?.textLabel == nil)
    #expect((header?.contentConfiguration as? UIListContentConfiguration)?.text == "S0 5")
    #expect(table.violations.isEmpty, "\(table.violations)")
  }
}

import Bindery
import BinderySwiftUI
import BinderyTesting
import BinderyUIKit
import Foundation
import HeadlessUIKit

/// `bindery-bench swiftui`: the main actor's time per update of a 10,000-row list shown
/// through `BoundListCoordinator` — what SwiftUI's `BoundList` runs — against the same list
/// bound to a collection view by `bind(to:cellProvider:)`, both on HeadlessUIKit in one
/// process. Each update makes ten changes (`BindingBenchmark.versions`); the coordinator keeps
/// one selected id and reports the scroll position, as a SwiftUI screen with both bindings
/// does. Timed: the whole show of a diffed list, its batch and its observers (the coordinator's
/// selection and scroll work run there); each update is shown on both views, alternately
/// first; medians of every update.
@MainActor
struct SwiftUIBenchmark {
  let options: BenchOptions
  let rowCount = 10_000
  typealias Row = BindingBenchmark.Row

  func makeList() -> UICollectionView {
    let view = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 700),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
    UIWindow.show(view)
    return view
  }

  static func rowConfiguration(_ row: Row) -> UIListContentConfiguration {
    var configuration = UIListContentConfiguration.cell()
    configuration.text = row.title
    return configuration
  }

  /// One update's whole show, in milliseconds: its batch and the binding's observers (the
  /// list was diffed before, untimed).
  func showTime(_ binding: ListBinding<FlatSection, Row>, _ version: [Row]) -> Double {
    let clock = ContinuousClock()
    var started = clock.now
    var time = 0.0
    _ = binding.showBackToBack(
      [[ListSection(FlatSection(), items: version)]], pipeline: DiffPipeline(),
      beforeEach: { started = clock.now }, afterEach: { time = milliseconds(clock.now - started) })
    return time
  }

  func uikitBinding(_ first: [Row]) async -> (ListBinding<FlatSection, Row>, UICollectionView) {
    let view = makeList()
    view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
    let binding = view.bind(to: .sequence(AsyncStream<[Row]> { _ in })) { view, path, row in
      let cell = view.dequeueReusableCell(withReuseIdentifier: "row", for: path)
      cell.contentConfiguration = Self.rowConfiguration(row)
      return cell
    }
    binding.retain(view)
    _ = await binding.apply(items: first)
    return (binding, view)
  }

  func coordinatorBinding(_ first: [Row]) async
    -> (BoundListCoordinator<FlatSection, Row, Never>, ListBinding<FlatSection, Row>)?
  {
    let view = makeList()
    let coordinator = BoundListCoordinator<FlatSection, Row, Never>(collectionView: view) {
      Self.rowConfiguration($0)
    }
    coordinator.onScrollPositionChange = { _ in }
    coordinator.onSelectionChange = { _ in }
    coordinator.update(source: .sequence(AsyncStream<[Row]> { _ in }), sourceID: 0)
    coordinator.update(selection: [5], mode: .single)
    guard let binding = coordinator.binding else { return nil }
    _ = await binding.apply(items: first)
    return (coordinator, binding)
  }

  func run() async {
    let updates = max(301, options.runs)
    let versions = BindingBenchmark.versions(count: updates, rows: rowCount)
    let (uikit, uikitView) = await uikitBinding(versions[0])
    guard let (coordinator, hosted) = await coordinatorBinding(versions[0]) else { return }
    // Each update shown on both, alternately first, so neither has the warmer caches.
    var uikitTimes: [Double] = []
    var coordinatorTimes: [Double] = []
    for (index, version) in versions.dropFirst().enumerated() {
      if index.isMultiple(of: 2) {
        uikitTimes.append(showTime(uikit, version))
        coordinatorTimes.append(showTime(hosted, version))
      } else {
        coordinatorTimes.append(showTime(hosted, version))
        uikitTimes.append(showTime(uikit, version))
      }
    }
    let (rerender, byHand) = rowBuilderTimes(coordinator, uikit, uikitView, runs: updates)
    let violations = coordinator.collectionView.violations.count
    uikit.cancel()
    hosted.cancel()
    let (base, through) = (median(uikitTimes), median(coordinatorTimes))
    let ratio = through / base
    if options.json {
      printJSON([
        [
          "benchmark": "swiftui", "rows": rowCount, "updates": uikitTimes.count,
          "uikitBindingMedianMs": base, "coordinatorMedianMs": through, "ratio": ratio,
          "newRowBuilderMedianMs": rerender, "reconfigureByHandMedianMs": byHand,
          "violations": violations,
        ]
      ])
      return
    }
    print("SwiftUI's coordinator against the UIKit binding: \(rowCount) rows, 10 changes an update")
    print("| path | updates | median ms per update |")
    print("|---|---:|---:|")
    print("| bind(to:cellProvider:) on a collection view | \(uikitTimes.count) | \(format(base)) |")
    print(
      "| BoundListCoordinator (a selection, the scroll position) | \(coordinatorTimes.count) "
        + "| \(format(through)) |")
    print("ratio: \(format(ratio)) (goal: at most 1.10); violations: \(violations)")
    print(
      "a new row builder (SwiftUI's state changed), rows on screen and kept shown from it: "
        + "\(format(rerender)) ms; the rows on screen reconfigured by hand on the UIKit "
        + "binding: \(format(byHand)) ms (medians of \(updates))")
  }

  /// The main actor's time for SwiftUI's update that hands in a new row builder, a full screen
  /// of rows shown from it, against a reconfigure of the rows on screen by hand on the UIKit
  /// binding; alternately first, medians, in milliseconds.
  func rowBuilderTimes(
    _ coordinator: BoundListCoordinator<FlatSection, Row, Never>,
    _ uikit: ListBinding<FlatSection, Row>, _ uikitView: UICollectionView, runs: Int
  ) -> (newRowBuilder: Double, byHand: Double) {
    let clock = ContinuousClock()
    // Both screens laid out, their rows on screen (the updates before never let a turn end).
    uikitView.layoutIfNeeded()
    coordinator.collectionView.layoutIfNeeded()
    var rerender: [Double] = []
    var byHand: [Double] = []
    for index in 0..<runs {
      for turn in index.isMultiple(of: 2) ? [0, 1] : [1, 0] {
        let started = clock.now
        if turn == 0 {
          coordinator.update(row: { row, _ in Self.rowConfiguration(row) })
          rerender.append(milliseconds(clock.now - started))
        } else {
          let ids = uikitView.indexPathsForVisibleItems.compactMap { uikit.item(at: $0)?.id }
          uikit.reconfigureItems(withIDs: ids)
          byHand.append(milliseconds(clock.now - started))
        }
      }
    }
    return (median(rerender), median(byHand))
  }

  private func format(_ value: Double) -> String { String(format: "%.3f", value) }
}

import Foundation
import HeadlessUIKit

/// The stand-in for SwiftUI's `UIHostingConfiguration` in tests: a row that carries what it
/// shows and is as tall as `height`, measured as UIKit measures a hosted row (its content
/// view's fitting size, UIKit rules §4b).
public struct StandInHostedRow<Value>: HeadlessContentConfiguration {
  /// What the row shows.
  public var value: Value
  /// The height its SwiftUI view would need.
  public var height: CGFloat

  /// A row showing `value`, `height` points tall.
  public init(_ value: Value, height: CGFloat) {
    self.value = value
    self.height = height
  }

  /// A view that needs the row's height.
  @MainActor public func makeContentView() -> any HeadlessView & HeadlessContentView {
    StandInHostedRowView<Value>(configuration: self)
  }

  /// The same row: a stand-in has no look of its own per state.
  public func updated(for state: any HeadlessConfigurationState) -> Self { self }
}

/// The view of a ``StandInHostedRow``: it needs the row's height.
@MainActor
final class StandInHostedRowView<Value>: HeadlessView, HeadlessContentView {
  var configuration: any HeadlessContentConfiguration

  init(configuration: StandInHostedRow<Value>) {
    self.configuration = configuration
    super.init(frame: .zero)
  }

  required init?(coder: NSCoder) { nil }

  override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    let height = (configuration as? StandInHostedRow<Value>)?.height ?? 0
    return CGSize(width: targetSize.width, height: height)
  }
}

/// A grid on screen whose screen is one line high: four items of 100 × 200 points to a line,
/// in a 400 × 150 point view with no insets — so the lines UIKit keeps beyond the screen, and
/// shows again without asking for them, are easy to reach.
@MainActor
public func makeOneLineHighGrid() -> HeadlessCollectionView {
  let layout = HeadlessCollectionViewFlowLayout()
  layout.itemSize = CGSize(width: 100, height: 200)
  layout.minimumInteritemSpacing = 0
  layout.minimumLineSpacing = 0
  let grid = HeadlessCollectionView(
    frame: CGRect(x: 0, y: 0, width: 400, height: 150), collectionViewLayout: layout)
  grid.isStrict = true
  grid.contentInsetAdjustmentBehavior = .never
  HeadlessWindow.show(grid)
  return grid
}

/// A plain list-layout collection view in a window, `width` × `height`, judged in strict mode:
/// what SwiftUI's `BoundList` makes, for tests and benchmarks.
@MainActor
public func makeOnScreenList(width: CGFloat = 390, height: CGFloat = 700)
  -> HeadlessCollectionView
{
  let view = HeadlessCollectionView(
    frame: CGRect(x: 0, y: 0, width: width, height: height),
    collectionViewLayout: HeadlessCompositionalLayout.list(
      using: HeadlessListConfiguration(appearance: .plain)))
  view.isStrict = true
  HeadlessWindow.show(view)
  return view
}

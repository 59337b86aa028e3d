import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The view a cell shows its content configuration in, as UIKit keeps it in the cell's content
/// view: the same view takes a new configuration of its own type, another type gets a new view,
/// and none leaves the cell's own content. A self-sizing cell with a configuration is measured
/// by that view (UIKit rules §4b).
@MainActor
struct ConfiguredContent {
  private(set) var view: (any HeadlessView & HeadlessContentView)?

  /// Shows `configuration`, in the view there is when it can, in a new one otherwise.
  mutating func show(_ configuration: (any HeadlessContentConfiguration)?) {
    guard let configuration else {
      view = nil
      return
    }
    if let view, type(of: view.configuration) == type(of: configuration) {
      view.configuration = configuration
    } else {
      view = configuration.makeContentView()
    }
  }

  /// The size the configuration's view needs for `targetSize` at the cell's `traits` (its
  /// text size); `nil` without a configuration.
  func fittingSize(_ targetSize: CGSize, traits: HeadlessTraitCollection) -> CGSize? {
    if let list = view as? HeadlessListContentView {
      return list.fittingSize(targetSize, traits: traits)
    }
    return view?.systemLayoutSizeFitting(targetSize)
  }
}

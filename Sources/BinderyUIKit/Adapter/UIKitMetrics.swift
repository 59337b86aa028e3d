import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// The size UIKit uses where nothing says otherwise, kept in one place.
package enum UIKitMetrics {
  /// A standard row's height: a table's `rowHeight` before it learns better, and the least height
  /// Bindery gives the views it shows in a list (a load-more view, an empty-state row): 44
  /// points, as UIKit's defaults and Apple's smallest comfortable tap target.
  package static let standardRowHeight: CGFloat = 44
}

import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// What keeps the user's place as the list changes.

extension ViewBinding {
  /// Chooses what keeps the user's place as the list changes; ``ScrollAnchor/firstVisibleItem``
  /// by default. Works with rows of any height, sections, collection views, updates that
  /// arrive during a drag or a fling (the gesture goes on from the corrected place), and lists
  /// too different to diff (the reload keeps the place too).
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(chat.$messages)) { … }
  ///   .anchor(.end)
  /// ```
  public func anchor(_ anchor: ScrollAnchor) -> Self {
    liveAdapter()?.features.anchor = anchor
    return self
  }
}

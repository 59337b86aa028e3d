import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// How batches animate.

extension ViewBinding {
  /// How batches animate: a table's row animation, or ``UpdateAnimation/none`` for none at all
  /// (`UIView.performWithoutAnimation(_:)`). `.automatic` by default.
  public func animation(_ animation: UpdateAnimation) -> Self {
    liveAdapter()?.features.animation = animation
    return self
  }
}

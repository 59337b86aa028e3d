import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

extension ItemPosition {
  /// The position of a row or item at an index path.
  init(_ indexPath: IndexPath) {
    self.init(section: indexPath[0], item: indexPath[1])
  }
}

extension IndexPath {
  /// The index path of a position.
  init(_ position: ItemPosition) {
    self.init(item: position.item, section: position.section)
  }
}

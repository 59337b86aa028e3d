import Foundation

// The engine reads index paths through these internal names: on Linux Foundation has no
// `section`/`item`/`row`, and on Apple platforms those come from UIKit or AppKit.
extension IndexPath {
  init(section: Int, index: Int) { self.init(indexes: [section, index]) }

  var sectionIndex: Int { count > 0 ? self[0] : 0 }
  var itemIndex: Int { count > 1 ? self[1] : 0 }

  /// How UIKit prints an `NSIndexPath` in its messages, minus the object address.
  var uikitDescription: String { "{length = 2, path = \(sectionIndex) - \(itemIndex)}" }
}

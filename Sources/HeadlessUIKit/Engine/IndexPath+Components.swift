import Foundation

// The engine reads index paths through these internal names: on Linux Foundation has no
// `section`/`item`/`row`, and on Apple platforms those come from UIKit or AppKit.
extension IndexPath {
  /// A two-index path, built without the array `init(indexes:)` takes.
  init(section: Int, index: Int) {
    self.init(index: section)
    append(index)
  }

  var sectionIndex: Int { count > 0 ? self[0] : 0 }
  var itemIndex: Int { count > 1 ? self[1] : 0 }
}

import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Sections whose value changed in place.

extension ViewBinding {
  /// Calls `handler` with each section whose value changed in place (same id, new value),
  /// with its index, once the view shows it: update the header and footer views your table
  /// view delegate makes (`tableView.headerView(forSection:)`). Title headers and footers and
  /// supplementary views set with modifiers are updated by Bindery itself; a table then
  /// measures its headers and footers again.
  public func onSectionChange(
    _ handler: @escaping @MainActor (_ section: Section, _ index: Int) -> Void
  ) -> Self {
    liveAdapter()?.features.sectionChanged = handler
    return self
  }
}

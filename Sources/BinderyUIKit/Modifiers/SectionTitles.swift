import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Header, footer and index titles of sections, on tables and collection views.

extension ListBinding {
  /// The title of each section's header: a table's title header, or, in a collection view
  /// whose layout asks for headers (a list layout's supplementary header mode, a flow layout's
  /// header size) and that has no other header, a list cell showing it. An existing header's
  /// title is updated in place when its section's value changes; no row is replaced.
  @discardableResult
  public func headerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "headerTitles(_:)")?.features.headerTitle = title
    return self
  }

  /// The title of each section's footer, in tables and collection views as header titles are,
  /// and updated in place as they are.
  @discardableResult
  public func footerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "footerTitles(_:)")?.features.footerTitle = title
    return self
  }

  /// The section index along the side of the view: each section's entry, or `nil` for none. A
  /// tap on an entry scrolls to its section.
  @discardableResult
  public func sectionIndexTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    adapter(for: "sectionIndexTitles(_:)")?.features.indexTitle = title
    return self
  }
}

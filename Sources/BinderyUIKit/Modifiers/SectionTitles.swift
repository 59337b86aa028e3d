import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Header, footer and index titles of sections, on tables and collection views.

extension ViewBinding {
  /// The title of each section's header: a table's title header, or, in a collection view
  /// whose layout asks for headers (a list layout's supplementary header mode, a flow layout's
  /// header size) and that has no other header, a list cell showing it. An existing header's
  /// title is updated in place when its section's value changes; no row is replaced.
  public func headerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    liveAdapter()?.features.headerTitle = title
    return self
  }

  /// The title of each section's footer, in tables and collection views as header titles are,
  /// and updated in place as they are.
  public func footerTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    liveAdapter()?.features.footerTitle = title
    return self
  }

  /// The section index along the side of the view: each section's entry, or `nil` for none. A
  /// tap on an entry scrolls to its section.
  public func sectionIndexTitles(_ title: @escaping @MainActor (Section) -> String?) -> Self {
    liveAdapter()?.features.indexTitle = title
    return self
  }
}

/// A section's title in a collection view: a list cell showing a header's or footer's list
/// content, as a list layout's supplementary header mode expects.
final class SectionTitleView: UICollectionViewListCell {
  static let reuseIdentifier = "Bindery.sectionTitle"

  /// Shows a title; a list cell used as a header or footer styles its default configuration
  /// as one.
  func show(_ title: String?) {
    var content = defaultContentConfiguration()
    content.text = title
    contentConfiguration = content
  }
}

extension ListAdapter {
  /// A header or footer showing the section's title from ``ViewBinding/headerTitles(_:)`` or
  /// ``ViewBinding/footerTitles(_:)``, for a collection view whose layout asks for one (a list
  /// layout's supplementary header mode, a flow layout's header size); `nil` without titles.
  func titleView(_ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  {
    let isFooter = kind == UICollectionView.elementKindSectionFooter
    guard kind == UICollectionView.elementKindSectionHeader || isFooter,
      let title = isFooter ? features.footerTitle : features.headerTitle,
      let section = shown.section(at: indexPath[0])
    else { return nil }
    let view = dequeueSupplementary(
      SectionTitleView.self, SectionTitleView.reuseIdentifier, collectionView, ofKind: kind,
      at: indexPath)
    (view as? SectionTitleView)?.show(answering { title(section) })
    return view
  }

  /// Shows a section's new title in its header and footer title views on screen.
  func refreshTitleViews(_ collectionView: UICollectionView, section index: Int, value: Section) {
    let path = IndexPath(ItemPosition(section: index, item: 0))
    for (kind, title) in [
      (UICollectionView.elementKindSectionHeader, features.headerTitle),
      (UICollectionView.elementKindSectionFooter, features.footerTitle),
    ] {
      guard let title,
        let view = collectionView.supplementaryView(forElementKind: kind, at: path)
          as? SectionTitleView
      else { continue }
      view.show(title(value))
    }
  }
}

extension UITableViewHeaderFooterView {
  /// Shows a new title the way the view shows its title now: through its list content
  /// configuration when it has one (its `textLabel` is then `nil`), else through the label
  /// UIKit set the title on — setting a configuration on a view UIKit labels would outlast
  /// the title when UIKit reuses the view for another section.
  func showTitle(_ title: String?) {
    if var content = contentConfiguration as? UIListContentConfiguration {
      content.text = title
      contentConfiguration = content
    } else {
      textLabel?.text = title
    }
  }
}

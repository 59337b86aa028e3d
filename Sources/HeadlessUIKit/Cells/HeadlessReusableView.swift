import Foundation

/// What reusable views share (cells, table headers and footers, collection supplementary
/// views): a reuse identifier and the reuse cycle.
///
/// Swift without the Objective-C runtime can create a registered class only through a
/// `required` initializer. UIKit's designated initializers are not required, so each base
/// class adds one that is, a convenience initializer that calls the designated one
/// (`init(registeredWith:)`): a subclass that keeps the inherited initializers, or overrides
/// the designated one and declares `required init?(coder:)` as UIKit asks, inherits it, and
/// compiles unchanged.
@MainActor
open class HeadlessReusableView: HeadlessView {
  /// The identifier the view was registered and dequeued with.
  public internal(set) var reuseIdentifier: String?
  /// How many times the list view called ``prepareForReuse()``, for tests of the reuse cycle.
  public internal(set) var prepareForReuseCount = 0
  /// The element kind a supplementary view was registered and dequeued for; `nil` for cells.
  var elementKind: String?
  /// The list view that made the view: HeadlessUIKit keeps cells out of the view hierarchy,
  /// and this is where a cell's traits and window come from.
  weak var hostingList: HeadlessScrollView?

  /// Called by the list view just before it hands a recycled view out of the reuse pool. Not
  /// called when a reconfigure dequeues the cell that is already at that index path
  /// (UIKit rules §2).
  open func prepareForReuse() {}
}

extension HeadlessReusableView {
  /// What VoiceOver reads for a cell that is one element: its list configuration's texts, or
  /// else the labels it holds, joined by commas, as UIKit composes a cell's label.
  var readText: String? {
    let configuration: (any HeadlessContentConfiguration)? =
      switch self {
      case let cell as HeadlessTableViewCell: cell.contentConfiguration
      case let cell as HeadlessCollectionViewCell: cell.contentConfiguration
      default: nil
      }
    if let list = configuration as? HeadlessListContentConfiguration {
      let texts = [list.text, list.secondaryText].compactMap { $0 }.filter { !$0.isEmpty }
      return texts.isEmpty ? nil : texts.joined(separator: ", ")
    }
    var texts: [String] = []
    func read(_ view: HeadlessView) {
      guard !view.isHidden, !view.accessibilityElementsHidden else { return }
      if view.isAccessibilityElement {
        if let label = view.accessibilityLabel, !label.isEmpty { texts.append(label) }
        return
      }
      for subview in view.subviews { read(subview) }
    }
    for subview in subviews { read(subview) }
    if texts.isEmpty, let cell = self as? HeadlessTableViewCell {
      texts = [cell.textLabel?.text, cell.detailTextLabel?.text].compactMap { $0 }
        .filter { !$0.isEmpty }
    }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  /// The text a cell or header shows: its list content configuration's, or its label's
  /// (HeadlessUIKit only, for tests).
  public var shownText: String? {
    let configuration: (any HeadlessContentConfiguration)? =
      switch self {
      case let cell as HeadlessTableViewCell: cell.contentConfiguration
      case let cell as HeadlessCollectionViewCell: cell.contentConfiguration
      case let header as HeadlessTableViewHeaderFooterView: header.contentConfiguration
      default: nil
      }
    if let list = configuration as? HeadlessListContentConfiguration { return list.text }
    if let cell = self as? HeadlessTableViewCell { return cell.textLabel?.text }
    if let header = self as? HeadlessTableViewHeaderFooterView { return header.displayedText }
    return nil
  }
}

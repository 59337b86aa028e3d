import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// How a binding animates its batches.
///
/// Tables animate inserted, deleted and moved rows in the chosen style; collection views have one
/// animation, used for every value but ``none``. With ``none`` the batches are applied inside
/// `UIView.performWithoutAnimation(_:)`, as a diffable data source does for
/// `animatingDifferences: false`.
public enum UpdateAnimation: Sendable, Hashable {
  /// UIKit chooses (`UITableView.RowAnimation.automatic`). On a collection view: its layout's
  /// animation, items fading and moving to their new places.
  case automatic
  /// Rows fade in and out. On a collection view: as ``automatic``.
  case fade
  /// Rows slide from and to the right. On a collection view: as ``automatic``.
  case right
  /// Rows slide from and to the left. On a collection view: as ``automatic``.
  case left
  /// Rows slide from and to the top. On a collection view: as ``automatic``.
  case top
  /// Rows slide from and to the bottom. On a collection view: as ``automatic``.
  case bottom
  /// Rows stay centred as they appear and disappear. On a collection view: as ``automatic``.
  case middle
  /// No animation, on tables and collection views alike.
  case none

  /// The table animation for this choice.
  var rowAnimation: UITableView.RowAnimation {
    switch self {
    case .automatic: .automatic
    case .fade: .fade
    case .right: .right
    case .left: .left
    case .top: .top
    case .bottom: .bottom
    case .middle: .middle
    case .none: .none
    }
  }
}

/// What a bound view offers around its rows, set with the binding's modifiers: titles, an
/// index, editing, reordering, supplementary views and the animation. The same features serve
/// tables and collection views.
@MainActor
struct ListFeatures<Section, Item> {
  var headerTitle: (@MainActor (Section) -> String?)?
  var footerTitle: (@MainActor (Section) -> String?)?
  var indexTitle: (@MainActor (Section) -> String?)?
  var deletion: Deletion?
  var reordering: Reordering?
  var supplementaryViews: [String: SupplementaryView] = [:]
  /// Supplementary views made with registrations, by element kind.
  var supplementaryRegistrations:
    [String: @MainActor (UICollectionView, IndexPath) -> UICollectionReusableView] = [:]
  var animation = UpdateAnimation.automatic
  /// Whether a content change needs a new cell (a reload) rather than the same cell again.
  var reloadWhen: (@MainActor (Item, Item) -> Bool)?
  /// The kind of cell the provider dequeues for an item as it is now
  /// (``ViewBinding/replacesCells(byKind:)``).
  var cellKind: (@MainActor (Item) -> AnyHashable)?
  /// Told of a section whose value changed in place.
  var sectionChanged: (@MainActor (Section, Int) -> Void)?
  /// The view behind an empty list (``ViewBinding/emptyState(_:)``).
  var emptyState: (@MainActor (EmptyListState) -> UIView?)?
  /// What keeps the user's place as the list changes (``ViewBinding/anchor(_:)``).
  var anchor = ScrollAnchor.firstVisibleItem
  /// How many items the first screen shows, as the app says (``ViewBinding/itemsOnFirstScreen(_:)``).
  var itemsOnFirstScreen: Int?

  struct Deletion {
    var canDelete: (@MainActor (Item) -> Bool)?
    var delete: @MainActor (Item, IndexPath) -> Void
  }

  struct Reordering {
    var canMove: (@MainActor (Item) -> Bool)?
    var moved: @MainActor (Item, IndexPath, IndexPath) -> Void
  }

  struct SupplementaryView {
    var reuseIdentifier: String
    var configure: @MainActor (UICollectionReusableView, Section, IndexPath) -> Void
  }
}

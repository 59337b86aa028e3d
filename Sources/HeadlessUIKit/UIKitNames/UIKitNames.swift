import Foundation

// Where UIKit does not exist, HeadlessUIKit answers to UIKit's names, so the code written for
// UIKit compiles and runs unchanged against the headless views. Each name is the headless type
// itself, so its members carry UIKit's Swift signatures.
#if !canImport(UIKit)
  /// `UIView`.
  public typealias UIView = HeadlessView
  /// `UIWindow`.
  public typealias UIWindow = HeadlessWindow
  /// `UIApplication`.
  public typealias UIApplication = HeadlessApplication
  /// `UIScrollView`.
  public typealias UIScrollView = HeadlessScrollView
  /// `UIContentConfiguration`.
  public typealias UIContentConfiguration = HeadlessContentConfiguration
  /// `UIListContentConfiguration`.
  public typealias UIListContentConfiguration = HeadlessListContentConfiguration
  /// `UIEdgeInsets`.
  public typealias UIEdgeInsets = HeadlessEdgeInsets
  /// `UIScrollViewDelegate`.
  public typealias UIScrollViewDelegate = HeadlessScrollViewDelegate
  /// `UIStackView`.
  public typealias UIStackView = HeadlessStackView
  /// `UIAccessibility`: whether VoiceOver runs, and the notifications an app posts to it.
  public typealias UIAccessibility = HeadlessAccessibility
  /// `UIAccessibilityTraits`.
  public typealias UIAccessibilityTraits = HeadlessAccessibilityTraits
  /// `UILabel`.
  public typealias UILabel = HeadlessLabel
  /// `UIImage`.
  public typealias UIImage = HeadlessImage
  /// `UIImageView`.
  public typealias UIImageView = HeadlessImageView
  /// `UITableView`: the headless table view.
  public typealias UITableView = HeadlessTableView
  /// `UITableViewCell`: the headless table view cell.
  public typealias UITableViewCell = HeadlessTableViewCell
  /// `UITableViewHeaderFooterView`.
  public typealias UITableViewHeaderFooterView = HeadlessTableViewHeaderFooterView
  /// `UITableViewDataSource`.
  public typealias UITableViewDataSource = HeadlessTableViewDataSource
  /// `UITableViewDataSourcePrefetching`.
  public typealias UITableViewDataSourcePrefetching = HeadlessTableViewDataSourcePrefetching
  /// `UITableViewDelegate`.
  public typealias UITableViewDelegate = HeadlessTableViewDelegate
  /// `UICollectionView`: the headless collection view.
  public typealias UICollectionView = HeadlessCollectionView
  /// `UICollectionReusableView`.
  public typealias UICollectionReusableView = HeadlessCollectionReusableView
  /// `UICollectionViewCell`: the headless collection view cell.
  public typealias UICollectionViewCell = HeadlessCollectionViewCell
  /// `UICollectionViewLayout`.
  public typealias UICollectionViewLayout = HeadlessCollectionViewLayout
  /// `UICollectionViewFlowLayout`.
  public typealias UICollectionViewFlowLayout = HeadlessCollectionViewFlowLayout
  /// `UICollectionViewLayoutAttributes`.
  public typealias UICollectionViewLayoutAttributes = HeadlessCollectionViewLayoutAttributes
  /// `UICollectionViewDataSource`.
  public typealias UICollectionViewDataSource = HeadlessCollectionViewDataSource
  /// `UICollectionViewDataSourcePrefetching`.
  public typealias UICollectionViewDataSourcePrefetching =
    HeadlessCollectionViewDataSourcePrefetching
  /// `UICollectionViewDelegate`.
  public typealias UICollectionViewDelegate = HeadlessCollectionViewDelegate
  /// `UICollectionViewDelegateFlowLayout`.
  public typealias UICollectionViewDelegateFlowLayout = HeadlessCollectionViewDelegateFlowLayout
  /// `UIContentView`.
  public typealias UIContentView = HeadlessContentView
  /// `UIConfigurationState`.
  public typealias UIConfigurationState = HeadlessConfigurationState
  /// `UICellConfigurationState`.
  public typealias UICellConfigurationState = HeadlessCellConfigurationState
  /// `UIViewConfigurationState`.
  public typealias UIViewConfigurationState = HeadlessViewConfigurationState
  /// `UIListContentView`.
  public typealias UIListContentView = HeadlessListContentView
  /// `UIColor`.
  public typealias UIColor = HeadlessColor
  /// `UIBackgroundConfiguration`.
  public typealias UIBackgroundConfiguration = HeadlessBackgroundConfiguration
  /// `UICellAccessory`.
  public typealias UICellAccessory = HeadlessCellAccessory
  /// `UICollectionViewListCell`.
  public typealias UICollectionViewListCell = HeadlessCollectionViewListCell
  /// `UICollectionViewCompositionalLayout`.
  public typealias UICollectionViewCompositionalLayout = HeadlessCompositionalLayout
  /// `UICollectionViewCompositionalLayoutConfiguration`.
  public typealias UICollectionViewCompositionalLayoutConfiguration =
    HeadlessCompositionalLayoutConfiguration
  /// `UICollectionLayoutListConfiguration`.
  public typealias UICollectionLayoutListConfiguration = HeadlessListConfiguration
  /// `UISwipeActionsConfiguration`.
  public typealias UISwipeActionsConfiguration = HeadlessSwipeActionsConfiguration
  /// `UIContextualAction`.
  public typealias UIContextualAction = HeadlessContextualAction
  /// `UILayoutPriority`.
  public typealias UILayoutPriority = HeadlessLayoutPriority
  /// `UIControl`.
  public typealias UIControl = HeadlessControl
  /// `UIAction`.
  public typealias UIAction = HeadlessAction
  /// `UIRefreshControl`.
  public typealias UIRefreshControl = HeadlessRefreshControl
  /// `NSCollectionLayoutSection`.
  public typealias NSCollectionLayoutSection = HeadlessLayoutSection
  /// `NSCollectionLayoutGroup`.
  public typealias NSCollectionLayoutGroup = HeadlessLayoutGroup
  /// `NSCollectionLayoutItem`.
  public typealias NSCollectionLayoutItem = HeadlessLayoutItem
  /// `NSCollectionLayoutSize`.
  public typealias NSCollectionLayoutSize = HeadlessLayoutSize
  /// `NSCollectionLayoutDimension`.
  public typealias NSCollectionLayoutDimension = HeadlessLayoutDimension
  /// `NSCollectionLayoutSpacing`.
  public typealias NSCollectionLayoutSpacing = HeadlessLayoutSpacing
  /// `NSCollectionLayoutBoundarySupplementaryItem`.
  public typealias NSCollectionLayoutBoundarySupplementaryItem =
    HeadlessLayoutBoundarySupplementaryItem
  /// `NSCollectionLayoutEnvironment`.
  public typealias NSCollectionLayoutEnvironment = HeadlessLayoutEnvironment
  /// `NSDirectionalEdgeInsets`.
  public typealias NSDirectionalEdgeInsets = HeadlessDirectionalEdgeInsets
  /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
  public typealias UICollectionLayoutSectionOrthogonalScrollingBehavior =
    HeadlessOrthogonalScrollingBehavior
  /// `NSRectAlignment`.
  public typealias NSRectAlignment = HeadlessRectAlignment
  /// `UIViewController`.
  public typealias UIViewController = HeadlessViewController
  /// `UITableViewController`.
  public typealias UITableViewController = HeadlessTableViewController
  /// `UIResponder`.
  public typealias UIResponder = HeadlessResponder
  /// `UIScreen`.
  public typealias UIScreen = HeadlessScreen
  /// `UIInterfaceOrientation`.
  public typealias UIInterfaceOrientation = HeadlessInterfaceOrientation
  /// `UITraitCollection`.
  public typealias UITraitCollection = HeadlessTraitCollection
  /// `UIUserInterfaceStyle`.
  public typealias UIUserInterfaceStyle = HeadlessTraitCollection.UserInterfaceStyle
  /// `UIUserInterfaceSizeClass`.
  public typealias UIUserInterfaceSizeClass = HeadlessTraitCollection.SizeClass
  /// `UIContentSizeCategory`.
  public typealias UIContentSizeCategory = HeadlessContentSizeCategory
  /// `UITraitEnvironment`.
  public typealias UITraitEnvironment = HeadlessTraitEnvironment
  /// `UITrait`: a trait to register for changes of.
  public typealias UITrait = any HeadlessTraitDefinition.Type
  /// `UITraitUserInterfaceStyle`.
  public typealias UITraitUserInterfaceStyle = HeadlessTraitUserInterfaceStyle
  /// `UITraitPreferredContentSizeCategory`.
  public typealias UITraitPreferredContentSizeCategory = HeadlessTraitPreferredContentSizeCategory
  /// `UITraitHorizontalSizeClass`.
  public typealias UITraitHorizontalSizeClass = HeadlessTraitHorizontalSizeClass
  /// `UITraitVerticalSizeClass`.
  public typealias UITraitVerticalSizeClass = HeadlessTraitVerticalSizeClass
  /// `UITraitChangeRegistration`.
  public typealias UITraitChangeRegistration = HeadlessTraitChangeRegistration
  /// `UIViewControllerTransitionCoordinator`.
  public typealias UIViewControllerTransitionCoordinator =
    HeadlessViewControllerTransitionCoordinator
  /// `UIViewControllerTransitionCoordinatorContext`.
  public typealias UIViewControllerTransitionCoordinatorContext =
    HeadlessViewControllerTransitionCoordinatorContext
  /// `UINavigationController`.
  public typealias UINavigationController = HeadlessNavigationController
  /// `UINavigationItem`.
  public typealias UINavigationItem = HeadlessNavigationItem
  /// `UIBarButtonItem`.
  public typealias UIBarButtonItem = HeadlessBarButtonItem
  /// `UIMenu`.
  public typealias UIMenu = HeadlessMenu
  /// `UIContextMenuConfiguration`.
  public typealias UIContextMenuConfiguration = HeadlessContextMenuConfiguration
  /// `UIModalPresentationStyle`.
  public typealias UIModalPresentationStyle = HeadlessViewController.ModalPresentationStyle
  /// `UIButton`.
  public typealias UIButton = HeadlessButton
  /// `UIAlertController`.
  public typealias UIAlertController = HeadlessAlertController
  /// `UIAlertAction`.
  public typealias UIAlertAction = HeadlessAlertAction
  /// `UITextField`.
  public typealias UITextField = HeadlessTextField
  /// `UINavigationBar`.
  public typealias UINavigationBar = HeadlessNavigationBar
  /// `UINavigationBarAppearance`.
  public typealias UINavigationBarAppearance = HeadlessNavigationBarAppearance
  /// `UIFont`.
  public typealias UIFont = HeadlessFont
  /// `NSLayoutConstraint`.
  public typealias NSLayoutConstraint = HeadlessLayoutConstraint
  /// `NSLayoutXAxisAnchor`.
  public typealias NSLayoutXAxisAnchor = HeadlessLayoutXAxisAnchor
  /// `NSLayoutYAxisAnchor`.
  public typealias NSLayoutYAxisAnchor = HeadlessLayoutYAxisAnchor
  /// `NSLayoutDimension`.
  public typealias NSLayoutDimension = HeadlessLayoutSizeAnchor
  /// `UILayoutGuide`.
  public typealias UILayoutGuide = HeadlessLayoutGuide

  extension IndexPath {
    /// The row of a table view index path (UIKit's extension).
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// Creates a table view index path (UIKit's extension).
    public init(row: Int, section: Int) {
      self.init(section: section, index: row)
    }
  }
#endif

#if !canImport(UIKit) && !canImport(AppKit)
  /// `NSTextAlignment` (UIKit's and AppKit's).
  public typealias NSTextAlignment = HeadlessTextAlignment
  /// `NSLineBreakMode` (UIKit's and AppKit's).
  public typealias NSLineBreakMode = HeadlessLineBreakMode
#endif

#if !canImport(QuartzCore)
  /// `CALayer`, as far as views set it.
  public typealias CALayer = HeadlessLayer
#endif

#if !canImport(UIKit) && !canImport(AppKit)
  extension IndexPath {
    /// The section of a table or collection view index path (UIKit's extension).
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }

    /// The item of a collection view index path (UIKit's extension).
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// Creates a collection view index path (UIKit's extension).
    public init(item: Int, section: Int) {
      self.init(section: section, index: item)
    }
  }
#endif

#if !canImport(UIKit)
  extension NSValue {
    /// A value holding a rectangle (UIKit's `NSValue(cgRect:)`): what the keyboard's
    /// notifications carry their frames in.
    public convenience init(cgRect rect: CGRect) {
      self.init(rect: rect)
    }

    /// The rectangle the value holds (UIKit's `cgRectValue`).
    public var cgRectValue: CGRect { rectValue }
  }
#endif

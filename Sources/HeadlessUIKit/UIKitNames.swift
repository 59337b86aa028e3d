import Foundation

// Where UIKit does not exist, HeadlessUIKit answers to UIKit's names, so the code written for
// UIKit compiles and runs unchanged against the headless views. Each name is the headless type
// itself, so its members carry UIKit's Swift signatures.
#if !canImport(UIKit)
  /// `UITableView`: the headless table view.
  public typealias UITableView = HeadlessTableView
  /// `UITableViewCell`: the headless table view cell.
  public typealias UITableViewCell = HeadlessTableViewCell
  /// `UITableViewDataSource`.
  public typealias UITableViewDataSource = HeadlessTableViewDataSource
  /// `UITableViewDataSourcePrefetching`.
  public typealias UITableViewDataSourcePrefetching = HeadlessTableViewDataSourcePrefetching
  /// `UICollectionView`: the headless collection view.
  public typealias UICollectionView = HeadlessCollectionView
  /// `UICollectionViewCell`: the headless collection view cell.
  public typealias UICollectionViewCell = HeadlessCollectionViewCell
  /// `UICollectionViewDataSource`.
  public typealias UICollectionViewDataSource = HeadlessCollectionViewDataSource
  /// `UICollectionViewDataSourcePrefetching`.
  public typealias UICollectionViewDataSourcePrefetching =
    HeadlessCollectionViewDataSourcePrefetching
  /// `UIScrollView`.
  public typealias UIScrollView = HeadlessScrollView
  /// `UIWindow`.
  public typealias UIWindow = HeadlessWindow
  /// `UILabel`.
  public typealias UILabel = HeadlessLabel

  extension IndexPath {
    /// The row of a table view index path (UIKit's extension).
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// Creates a table view index path (UIKit's extension).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }
  }
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
      self.init(indexes: [section, item])
    }
  }
#endif

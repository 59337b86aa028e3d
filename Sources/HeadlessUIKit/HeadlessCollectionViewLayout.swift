import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A collection view's layout (`UICollectionViewLayout` where UIKit does not exist).
///
/// HeadlessUIKit lays out what batch updates, visibility and prefetching depend on: lines of
/// items section after section, with optional headers and footers. The base class lays out one
/// item per 44-point line; ``HeadlessCollectionViewFlowLayout`` has UIKit's flow-layout sizes.
@MainActor
open class HeadlessCollectionViewLayout {
  /// The collection view using this layout.
  public internal(set) weak var collectionView: HeadlessCollectionView?

  /// Creates a layout.
  public init() {}

  /// Creates a layout from an archive (UIKit's required initializer); HeadlessUIKit has none,
  /// so this is the default layout.
  public required init?(coder: NSCoder) {}

  /// The attributes of the items whose frames meet a rectangle of the content (cells only:
  /// HeadlessUIKit lays out supplementary views without attributes).
  open func layoutAttributesForElements(in rect: CGRect)
    -> [HeadlessCollectionViewLayoutAttributes]?
  {
    guard let collectionView else { return nil }
    let width = collectionView.frame.width
    return collectionView.engine.indexPaths(from: rect.minY, to: rect.maxY).map { path in
      HeadlessCollectionViewLayoutAttributes(
        forCellWith: path, frame: collectionView.engine.frame(of: path, width: width))
    }
  }

  /// Tells the collection view to lay out again.
  open func invalidateLayout() {
    collectionView?.layoutDidChange()
  }

  /// Items per line for a collection view of `width` points.
  func columns(forWidth width: CGFloat) -> Int { 1 }

  /// The height of one line of items, spacing included.
  var lineHeight: CGFloat { 44 }

  /// The height of a section's header or footer.
  func height(of kind: SupplementaryKind) -> CGFloat { 0 }
}

/// A layout of items in lines that wrap (`UICollectionViewFlowLayout` where UIKit does not
/// exist): as many items per line as fit the collection view's width, like UIKit's vertical flow
/// layout.
@MainActor
open class HeadlessCollectionViewFlowLayout: HeadlessCollectionViewLayout {
  /// The size of each item; UIKit's default is 50 × 50.
  open var itemSize = CGSize(width: 50, height: 50) {
    didSet { invalidateLayout() }
  }
  /// An estimate of item sizes for self-sizing cells; zero (off) by default. HeadlessUIKit lays
  /// items out with ``itemSize``; this is kept for code that reads it.
  open var estimatedItemSize = CGSize.zero
  /// The space between lines.
  open var minimumLineSpacing: CGFloat = 10 {
    didSet { invalidateLayout() }
  }
  /// The least space between items on a line.
  open var minimumInteritemSpacing: CGFloat = 10 {
    didSet { invalidateLayout() }
  }
  /// The size of each section's header; a zero height means no headers.
  open var headerReferenceSize = CGSize.zero {
    didSet { invalidateLayout() }
  }
  /// The size of each section's footer; a zero height means no footers.
  open var footerReferenceSize = CGSize.zero {
    didSet { invalidateLayout() }
  }

  override func columns(forWidth width: CGFloat) -> Int {
    let item = max(1, itemSize.width)
    let spacing = max(0, minimumInteritemSpacing)
    return max(1, Int(((width + spacing) / (item + spacing)).rounded(.down)))
  }

  override var lineHeight: CGFloat { max(0, itemSize.height) + max(0, minimumLineSpacing) }

  override func height(of kind: SupplementaryKind) -> CGFloat {
    kind == .header ? headerReferenceSize.height : footerReferenceSize.height
  }
}

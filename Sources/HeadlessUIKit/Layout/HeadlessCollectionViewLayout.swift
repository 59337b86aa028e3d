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
    guard let engine = collectionView?.engine else { return nil }
    let band = engine.transposed(rect)
    return engine.indexPaths(from: band.minY, to: band.maxY).map { path in
      HeadlessCollectionViewLayoutAttributes(
        forCellWith: path, frame: engine.transposed(engine.frame(of: path)))
    }
  }

  /// The attributes of one item, or `nil` for an item the collection view does not have. The
  /// collection view asks for them to scroll to an item and for the items a batch brings onto
  /// the screen: a layout that answers `nil` for an item that exists makes UIKit raise.
  open func layoutAttributesForItem(at indexPath: IndexPath)
    -> HeadlessCollectionViewLayoutAttributes?
  {
    guard let engine = collectionView?.engine, engine.contains(indexPath) else { return nil }
    return HeadlessCollectionViewLayoutAttributes(
      forCellWith: indexPath, frame: engine.transposed(engine.frame(of: indexPath)))
  }

  /// Called at the start of every layout pass, as UIKit does, for a subclass to compute what it
  /// needs; does nothing by default. Invalidating the layout from here starts another pass,
  /// every time: UIKit gives up on a layout that never settles.
  open func prepare() {}

  /// Tells the collection view to lay out again.
  open func invalidateLayout() {
    collectionView?.layoutDidChange()
  }

  /// Items per line for a collection view whose content is `breadth` points across the scroll.
  func columns(forBreadth breadth: CGFloat) -> Int { 1 }

  /// The length of one line of items along the scroll, spacing included.
  var lineHeight: CGFloat { ListEngine.defaultRowHeight }

  /// The room between two lines, part of ``lineHeight``: none after the last line.
  var lineSpacing: CGFloat { 0 }

  /// The length of a section's header or footer along the scroll.
  func height(of kind: SupplementaryKind) -> CGFloat { 0 }

  /// Whether the content scrolls horizontally (a flow layout's `scrollDirection`).
  var scrollsHorizontally: Bool { false }

  /// The room around each section's items: along the scroll, then across it.
  var sectionInsets: (along: (CGFloat, CGFloat), across: (CGFloat, CGFloat)) {
    ((0, 0), (0, 0))
  }

  /// A section's own layout, for a layout whose sections differ; `nil` to use the one line
  /// height, columns and insets above.
  func sectionLayout(_ section: Int, breadth: CGFloat) -> SectionLayout? { nil }

  /// The length of a section's header or footer along the scroll.
  func supplementaryHeight(_ kind: SupplementaryKind, section: Int) -> CGFloat { height(of: kind) }

  /// Whether a section's header or footer stays pinned to the visible bounds while its section
  /// is on screen; never, by default.
  func pinsSupplementary(_ kind: SupplementaryKind, section: Int) -> Bool { false }

  /// Whether a section may size its items itself (a compositional layout's estimated groups);
  /// a flow layout says so through its `estimatedItemSize`, for every section alike.
  var sectionsMaySizeThemselves: Bool { false }
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
  /// An estimate of item sizes for self-sizing cells; zero (off) by default. With one item per
  /// line in a vertical layout, each item starts at the estimate's height and takes the height
  /// its cell needs (`systemLayoutSizeFitting(_:)`) once shown, as in UIKit; lines of several
  /// items keep ``itemSize`` in HeadlessUIKit.
  open var estimatedItemSize = CGSize.zero {
    didSet { invalidateLayout() }
  }
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
  /// The room around each section's items; none by default.
  open var sectionInset = HeadlessEdgeInsets.zero {
    didSet { invalidateLayout() }
  }
  /// Whether lines of items stack vertically (the default) or horizontally.
  open var scrollDirection = HeadlessCollectionView.ScrollDirection.vertical {
    didSet { invalidateLayout() }
  }
  /// Whether each section's header stays at the top of the visible bounds while its section
  /// scrolls by, pushed off by the section's end; `false` by default.
  open var sectionHeadersPinToVisibleBounds = false {
    didSet { invalidateLayout() }
  }
  /// Whether each section's footer stays at the bottom of the visible bounds while its section
  /// scrolls by; `false` by default.
  open var sectionFootersPinToVisibleBounds = false {
    didSet { invalidateLayout() }
  }

  /// The value of ``estimatedItemSize`` that asks for self-sizing cells with an estimate the
  /// layout chooses (UIKit's `automaticSize`). It is a marker, not a size.
  public static let automaticSize = CGSize(
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

  /// The item's size along the scroll and across it.
  private var itemLengths: (along: CGFloat, across: CGFloat) {
    scrollDirection == .horizontal
      ? (itemSize.width, itemSize.height) : (itemSize.height, itemSize.width)
  }

  override func columns(forBreadth breadth: CGFloat) -> Int {
    let item = max(1, itemLengths.across)
    let spacing = max(0, minimumInteritemSpacing)
    let room = breadth - sectionInsets.across.0 - sectionInsets.across.1
    return max(1, Int(((room + spacing) / (item + spacing)).rounded(.down)))
  }

  override var lineHeight: CGFloat { max(0, itemLengths.along) + lineSpacing }

  override var lineSpacing: CGFloat { max(0, minimumLineSpacing) }

  override func height(of kind: SupplementaryKind) -> CGFloat {
    let size = kind == .header ? headerReferenceSize : footerReferenceSize
    return scrollDirection == .horizontal ? size.width : size.height
  }

  override var scrollsHorizontally: Bool { scrollDirection == .horizontal }

  override func pinsSupplementary(_ kind: SupplementaryKind, section: Int) -> Bool {
    kind == .header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
  }

  override var sectionInsets: (along: (CGFloat, CGFloat), across: (CGFloat, CGFloat)) {
    let inset = sectionInset
    return scrollDirection == .horizontal
      ? ((inset.left, inset.right), (inset.top, inset.bottom))
      : ((inset.top, inset.bottom), (inset.left, inset.right))
  }

  /// Whether an item fits across the content, the section insets taken off (UIKit logs when it
  /// does not).
  func itemFits(breadth: CGFloat) -> Bool {
    itemLengths.across <= breadth - sectionInsets.across.0 - sectionInsets.across.1
  }

  /// The attributes handed out, with the frames they had then: UIKit's flow layout keeps them
  /// (when it does not estimate sizes) and hands the same objects out again.
  private var handedOut:
    [IndexPath: (attributes: HeadlessCollectionViewLayoutAttributes, frame: CGRect)] = [:]
  /// Whether the mismatch of a changed attributes object was logged (once, as UIKit does).
  private var loggedFrameMismatch = false

  /// The attributes of the items whose frames meet a rectangle, the same objects as before
  /// for items already asked for. A subclass that changes an object it got from here without
  /// copying it is caught the next time: UIKit logs the mismatch once, forgets what it kept
  /// and hands out fresh objects (UIKit rules §7.7).
  open override func layoutAttributesForElements(in rect: CGRect)
    -> [HeadlessCollectionViewLayoutAttributes]?
  {
    guard let fresh = super.layoutAttributesForElements(in: rect) else { return nil }
    guard estimatedItemSize == .zero else { return fresh }
    var mismatch: (IndexPath, CGRect, CGRect)?
    let kept = fresh.map { attributes -> HeadlessCollectionViewLayoutAttributes in
      guard let previous = handedOut[attributes.indexPath] else {
        handedOut[attributes.indexPath] = (attributes, attributes.frame)
        return attributes
      }
      if previous.attributes.frame != previous.frame, mismatch == nil {
        mismatch = (attributes.indexPath, previous.attributes.frame, attributes.frame)
      }
      if previous.frame != attributes.frame {
        handedOut[attributes.indexPath] = (attributes, attributes.frame)
        return attributes
      }
      return previous.attributes
    }
    guard let (path, cached, expected) = mismatch else { return kept }
    handedOut.removeAll()
    if !loggedFrameMismatch, let engine = collectionView?.engine {
      loggedFrameMismatch = true
      engine.report(UIKitMessages.cachedFrameMismatch(path, cached: cached, expected: expected))
    }
    return fresh
  }

  /// Tells the collection view to lay out again, and forgets the attributes handed out: the
  /// next pass hands out new ones.
  open override func invalidateLayout() {
    handedOut.removeAll()
    super.invalidateLayout()
  }
}

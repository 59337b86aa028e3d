import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

/// A view that lays its arranged subviews out in a line (`UIStackView` where UIKit does not
/// exist): one after the other along its axis, `spacing` apart, sized across as its alignment
/// says. As UIKit's, it places them through Auto Layout (UIKit rules §7.11): an arranged subview
/// is placed by constraints, a hidden one takes no room, and the stack is as large as its
/// arrangement unless its own constraints make it otherwise.
@MainActor
open class HeadlessStackView: HeadlessView {
  /// How the arranged subviews share the stack's length (`UIStackView.Distribution`).
  public enum Distribution: Int, Sendable {
    /// Each at its content's size; the one that hugs its content least takes what is left.
    case fill
    /// All the same length.
    case fillEqually
    /// As `fill` (HeadlessUIKit does not share by content size).
    case fillProportionally
    /// At their content's sizes, the room left shared equally between them.
    case equalSpacing
    /// As `equalSpacing` (HeadlessUIKit does not centre).
    case equalCentering
  }

  /// Where the arranged subviews are across the stack (`UIStackView.Alignment`).
  public enum Alignment: Int, Sendable {
    /// As wide (or tall) as the stack.
    case fill
    /// At the leading edge (a horizontal stack's: the top).
    case leading
    /// At the first baseline: as `leading` here.
    case firstBaseline
    /// Centred.
    case center
    /// At the trailing edge (a horizontal stack's: the bottom).
    case trailing
    /// At the last baseline: as `trailing` here.
    case lastBaseline

    /// A horizontal stack's top: `leading`.
    public static let top = Alignment.leading
    /// A horizontal stack's bottom: `trailing`.
    public static let bottom = Alignment.trailing
  }

  /// The views the stack arranges, in order.
  public private(set) var arrangedSubviews: [HeadlessView] = []
  /// The direction of the line; horizontal by default.
  open var axis = HeadlessLayoutConstraint.Axis.horizontal { didSet { arrangementChanged() } }
  /// The room between two arranged subviews.
  open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
  /// How the arranged subviews share the length.
  open var distribution = Distribution.fill { didSet { arrangementChanged() } }
  /// Where they are across.
  open var alignment = Alignment.fill { didSet { arrangementChanged() } }
  /// Whether they are arranged inside the layout margins rather than the edges.
  open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
  private var customSpacing: [ObjectIdentifier: CGFloat] = [:]

  /// A stack of these views, in order.
  public convenience init(arrangedSubviews views: [HeadlessView]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// Adds `view` at the end of the arrangement (and as a subview, placed by constraints).
  open func addArrangedSubview(_ view: HeadlessView) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Puts `view` at `index` of the arrangement (and adds it as a subview, placed by
  /// constraints).
  open func insertArrangedSubview(_ view: HeadlessView, at index: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    arrangementChanged()
  }

  /// Takes `view` out of the arrangement; it stays a subview until it is removed as one.
  open func removeArrangedSubview(_ view: HeadlessView) {
    arrangedSubviews.removeAll { $0 === view }
    arrangementChanged()
  }

  /// Sets the room after `arrangedSubview`, in place of ``spacing``.
  open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: HeadlessView) {
    customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
    arrangementChanged()
  }

  /// The room after `arrangedSubview`.
  open func customSpacing(after arrangedSubview: HeadlessView) -> CGFloat {
    customSpacing[ObjectIdentifier(arrangedSubview)] ?? spacing
  }

  func spacing(after view: HeadlessView) -> CGFloat { customSpacing(after: view) }

  /// A subview removed from the stack leaves its arrangement too, as UIKit's.
  open override func willRemoveSubview(_ subview: HeadlessView) {
    super.willRemoveSubview(subview)
    arrangedSubviews.removeAll { $0 === subview }
    arrangementChanged()
  }

  /// The arrangement changed (a view came, went, was hidden or shown, a setting changed): the
  /// stack lays its views out again, and so does what its size places.
  func arrangementChanged() {
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }

  /// The stack's size across, when nothing else says: its largest arranged subview's content
  /// size, and its margins when it arranges inside them.
  func crossLength(horizontal: Bool) -> CGFloat {
    let shown = arrangedSubviews.filter { !$0.isHidden }
    let largest =
      shown.map { view -> CGFloat in
        let size = view.intrinsicContentSize
        let length = horizontal ? size.width : size.height
        return length == HeadlessView.noIntrinsicMetric ? 0 : length
      }.max() ?? 0
    guard isLayoutMarginsRelativeArrangement else { return largest }
    return largest
      + (horizontal
        ? layoutMargins.left + layoutMargins.right : layoutMargins.top + layoutMargins.bottom)
  }
}

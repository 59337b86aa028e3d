import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Auto Layout's names, so that cells and screens written with anchors compile and run
// unchanged. HeadlessUIKit keeps the constraints (a view's `constraints`, each one's anchors,
// constant, priority and whether it is active) and solves them as a view lays out
// (`ConstraintSolver`, UIKit rules §7.11): a view placed by constraints gets its frame, and a
// self-sizing cell whose content is constrained top to bottom is as tall as they say.

/// A relation between two anchors, or an anchor and a constant (`NSLayoutConstraint`), solved
/// as the views it places lay out.
@MainActor
public final class HeadlessLayoutConstraint {
  /// How the two sides compare (`NSLayoutConstraint.Relation`).
  public enum Relation: Int, Sendable {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1
  }

  /// An axis of layout (`NSLayoutConstraint.Axis`).
  public enum Axis: Int, Sendable {
    case horizontal, vertical
  }

  /// The anchor the constraint places.
  public let firstAnchor: HeadlessLayoutAnchor
  /// The anchor it places it from; `nil` for a constant size.
  public let secondAnchor: HeadlessLayoutAnchor?
  /// How the two sides compare.
  public let relation: Relation
  /// The second anchor's multiplier.
  public let multiplier: CGFloat
  /// The distance or size added; a new one lays its views out again.
  public var constant: CGFloat {
    didSet { if isActive { viewsNeedLayout() } }
  }
  /// How firmly it holds.
  public var priority = HeadlessLayoutPriority.required {
    didSet { if isActive { viewsNeedLayout() } }
  }
  /// A name for debugging.
  public var identifier: String?

  /// Whether the constraint is in force: an active one is kept in the ``HeadlessView/constraints``
  /// of the nearest view that contains both its anchors' views, as UIKit keeps it.
  public var isActive = false {
    didSet {
      guard isActive != oldValue else { return }
      if isActive {
        holder = keeper()
        holder?.constraints.append(self)
      } else {
        holder?.constraints.removeAll { $0 === self }
      }
      viewsNeedLayout()
      if !isActive { holder = nil }
    }
  }
  private weak var holder: HeadlessView?

  /// The views whose layout places what this constraint says: the one that keeps it, and the
  /// superviews of its anchors' views, at the end of the turn.
  private func viewsNeedLayout() {
    holder?.setNeedsLayout()
    firstAnchor.view?.superview?.setNeedsLayout()
    secondAnchor?.view?.superview?.setNeedsLayout()
  }

  /// The nearest view that contains both anchors' views (the first's, if they share none:
  /// UIKit raises there, for anchors in two hierarchies; HeadlessUIKit solves nothing, so it
  /// keeps the constraint with the first).
  private func keeper() -> HeadlessView? {
    guard let first = firstAnchor.view else { return nil }
    guard let second = secondAnchor?.view else { return first }
    var candidate: HeadlessView? = first
    while let view = candidate {
      if second.isDescendant(of: view) { return view }
      candidate = view.superview
    }
    return first
  }

  init(
    _ first: HeadlessLayoutAnchor, _ relation: Relation, _ second: HeadlessLayoutAnchor?,
    multiplier: CGFloat = 1, constant: CGFloat = 0
  ) {
    firstAnchor = first
    self.relation = relation
    secondAnchor = second
    self.multiplier = multiplier
    self.constant = constant
  }

  /// Makes each constraint active.
  public static func activate(_ constraints: [HeadlessLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Makes each constraint inactive.
  public static func deactivate(_ constraints: [HeadlessLayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }
}

/// An edge, a centre or a size of a view or a layout guide (`NSLayoutAnchor`).
@MainActor
open class HeadlessLayoutAnchor {
  /// Which attribute of its item the anchor is, by name (`leading`, `width`, …).
  public let attribute: String
  private weak var owner: AnyObject?

  init(_ attribute: String, of owner: AnyObject) {
    self.attribute = attribute
    self.owner = owner
  }

  /// The view the anchor is on, or whose layout guide it is on.
  var view: HeadlessView? {
    (owner as? HeadlessView) ?? (owner as? HeadlessLayoutGuide)?.owningView
  }

  /// The layout guide the anchor is on, if it is on one.
  var guide: HeadlessLayoutGuide? { owner as? HeadlessLayoutGuide }
}

/// A horizontal edge or centre (`NSLayoutXAxisAnchor`): constrained only to another.
@MainActor
public final class HeadlessLayoutXAxisAnchor: HeadlessLayoutAnchor {
  /// This anchor equals `anchor`, plus `constant`.
  public func constraint(equalTo anchor: HeadlessLayoutXAxisAnchor, constant: CGFloat = 0)
    -> HeadlessLayoutConstraint
  { HeadlessLayoutConstraint(self, .equal, anchor, constant: constant) }

  /// This anchor is at least `anchor`, plus `constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: HeadlessLayoutXAxisAnchor, constant: CGFloat = 0
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .greaterThanOrEqual, anchor, constant: constant)
  }

  /// This anchor is at most `anchor`, plus `constant`.
  public func constraint(lessThanOrEqualTo anchor: HeadlessLayoutXAxisAnchor, constant: CGFloat = 0)
    -> HeadlessLayoutConstraint
  { HeadlessLayoutConstraint(self, .lessThanOrEqual, anchor, constant: constant) }

  /// This anchor is the system's spacing (8 points) times `multiplier` after `anchor`.
  public func constraint(
    equalToSystemSpacingAfter anchor: HeadlessLayoutXAxisAnchor, multiplier: CGFloat
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .equal, anchor, constant: 8 * multiplier)
  }
}

/// A vertical edge, centre or baseline (`NSLayoutYAxisAnchor`): constrained only to another.
@MainActor
public final class HeadlessLayoutYAxisAnchor: HeadlessLayoutAnchor {
  /// This anchor equals `anchor`, plus `constant`.
  public func constraint(equalTo anchor: HeadlessLayoutYAxisAnchor, constant: CGFloat = 0)
    -> HeadlessLayoutConstraint
  { HeadlessLayoutConstraint(self, .equal, anchor, constant: constant) }

  /// This anchor is at least `anchor`, plus `constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: HeadlessLayoutYAxisAnchor, constant: CGFloat = 0
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .greaterThanOrEqual, anchor, constant: constant)
  }

  /// This anchor is at most `anchor`, plus `constant`.
  public func constraint(lessThanOrEqualTo anchor: HeadlessLayoutYAxisAnchor, constant: CGFloat = 0)
    -> HeadlessLayoutConstraint
  { HeadlessLayoutConstraint(self, .lessThanOrEqual, anchor, constant: constant) }

  /// This anchor is the system's spacing (8 points) times `multiplier` below `anchor`.
  public func constraint(
    equalToSystemSpacingBelow anchor: HeadlessLayoutYAxisAnchor, multiplier: CGFloat
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .equal, anchor, constant: 8 * multiplier)
  }
}

/// A width or a height (`NSLayoutDimension`).
@MainActor
public final class HeadlessLayoutSizeAnchor: HeadlessLayoutAnchor {
  /// This size equals `constant`.
  public func constraint(equalToConstant constant: CGFloat) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .equal, nil, constant: constant)
  }

  /// This size is at least `constant`.
  public func constraint(greaterThanOrEqualToConstant constant: CGFloat)
    -> HeadlessLayoutConstraint
  { HeadlessLayoutConstraint(self, .greaterThanOrEqual, nil, constant: constant) }

  /// This size is at most `constant`.
  public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .lessThanOrEqual, nil, constant: constant)
  }

  /// This size equals `anchor` times `multiplier`, plus `constant`.
  public func constraint(
    equalTo anchor: HeadlessLayoutSizeAnchor, multiplier: CGFloat = 1, constant: CGFloat = 0
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(self, .equal, anchor, multiplier: multiplier, constant: constant)
  }

  /// This size is at least `anchor` times `multiplier`, plus `constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: HeadlessLayoutSizeAnchor, multiplier: CGFloat = 1,
    constant: CGFloat = 0
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(
      self, .greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
  }

  /// This size is at most `anchor` times `multiplier`, plus `constant`.
  public func constraint(
    lessThanOrEqualTo anchor: HeadlessLayoutSizeAnchor, multiplier: CGFloat = 1,
    constant: CGFloat = 0
  ) -> HeadlessLayoutConstraint {
    HeadlessLayoutConstraint(
      self, .lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
  }
}

/// A rectangle in a view that constraints can refer to (`UILayoutGuide`): a view's margins,
/// its safe area, its readable width, or one of your own.
@MainActor
open class HeadlessLayoutGuide {
  /// The view the guide belongs to.
  public internal(set) weak var owningView: HeadlessView?
  /// A name for debugging.
  open var identifier = ""

  /// What a view's own guide covers of it; `nil` for a guide of yours (you say by
  /// constraints).
  var frameInOwner: (@MainActor (HeadlessView) -> CGRect)?

  /// A guide that belongs to no view yet (``HeadlessView/addLayoutGuide(_:)`` gives it one).
  public init() {}

  /// The rectangle the guide covers, in its view's coordinates: the margins, the safe area, a
  /// readable width, or what the keyboard covers. A guide of your own covers what its
  /// constraints said at its view's last layout (its whole view before); one without a view is
  /// empty.
  public var layoutFrame: CGRect {
    guard let view = owningView else { return .zero }
    return frameInOwner?(view) ?? solvedFrame ?? view.bounds
  }

  /// Where the constraints put a guide of one's own, at its view's last layout.
  var solvedFrame: CGRect?
  /// What a view's own guide keeps from its view's edges, when that does not depend on the
  /// view's size (the margins, the safe area): constraints to it hold at any size.
  var insetsInOwner: (@MainActor (HeadlessView) -> HeadlessEdgeInsets)?

  /// The leading edge.
  public private(set) lazy var leadingAnchor = HeadlessLayoutXAxisAnchor("leading", of: self)
  /// The trailing edge.
  public private(set) lazy var trailingAnchor = HeadlessLayoutXAxisAnchor("trailing", of: self)
  /// The left edge.
  public private(set) lazy var leftAnchor = HeadlessLayoutXAxisAnchor("left", of: self)
  /// The right edge.
  public private(set) lazy var rightAnchor = HeadlessLayoutXAxisAnchor("right", of: self)
  /// The horizontal centre.
  public private(set) lazy var centerXAnchor = HeadlessLayoutXAxisAnchor("centerX", of: self)
  /// The top edge.
  public private(set) lazy var topAnchor = HeadlessLayoutYAxisAnchor("top", of: self)
  /// The bottom edge.
  public private(set) lazy var bottomAnchor = HeadlessLayoutYAxisAnchor("bottom", of: self)
  /// The vertical centre.
  public private(set) lazy var centerYAnchor = HeadlessLayoutYAxisAnchor("centerY", of: self)
  /// The width.
  public private(set) lazy var widthAnchor = HeadlessLayoutSizeAnchor("width", of: self)
  /// The height.
  public private(set) lazy var heightAnchor = HeadlessLayoutSizeAnchor("height", of: self)
}

extension HeadlessView {
  /// The leading edge.
  public var leadingAnchor: HeadlessLayoutXAxisAnchor { anchors.leading }
  /// The trailing edge.
  public var trailingAnchor: HeadlessLayoutXAxisAnchor { anchors.trailing }
  /// The left edge.
  public var leftAnchor: HeadlessLayoutXAxisAnchor { anchors.left }
  /// The right edge.
  public var rightAnchor: HeadlessLayoutXAxisAnchor { anchors.right }
  /// The horizontal centre.
  public var centerXAnchor: HeadlessLayoutXAxisAnchor { anchors.centerX }
  /// The top edge.
  public var topAnchor: HeadlessLayoutYAxisAnchor { anchors.top }
  /// The bottom edge.
  public var bottomAnchor: HeadlessLayoutYAxisAnchor { anchors.bottom }
  /// The vertical centre.
  public var centerYAnchor: HeadlessLayoutYAxisAnchor { anchors.centerY }
  /// The first line of text's baseline.
  public var firstBaselineAnchor: HeadlessLayoutYAxisAnchor { anchors.firstBaseline }
  /// The last line of text's baseline.
  public var lastBaselineAnchor: HeadlessLayoutYAxisAnchor { anchors.lastBaseline }
  /// The width.
  public var widthAnchor: HeadlessLayoutSizeAnchor { anchors.width }
  /// The height.
  public var heightAnchor: HeadlessLayoutSizeAnchor { anchors.height }

  /// The guide of the view's layout margins.
  public var layoutMarginsGuide: HeadlessLayoutGuide { anchors.guide(\.margins, of: self) }
  /// The guide of the view's safe area.
  public var safeAreaLayoutGuide: HeadlessLayoutGuide { anchors.guide(\.safeArea, of: self) }
  /// The guide of a width text reads well at.
  public var readableContentGuide: HeadlessLayoutGuide { anchors.guide(\.readable, of: self) }

  /// Gives `guide` to this view.
  public func addLayoutGuide(_ guide: HeadlessLayoutGuide) {
    guide.owningView = self
    layoutGuides.append(guide)
  }

  /// Takes `guide` from this view.
  public func removeLayoutGuide(_ guide: HeadlessLayoutGuide) {
    layoutGuides.removeAll { $0 === guide }
    if guide.owningView === self { guide.owningView = nil }
  }

  /// Keeps an inactive constraint with this view, active.
  public func addConstraint(_ constraint: HeadlessLayoutConstraint) { constraint.isActive = true }

  /// Keeps constraints with this view, active.
  public func addConstraints(_ constraints: [HeadlessLayoutConstraint]) {
    HeadlessLayoutConstraint.activate(constraints)
  }

  /// Sets how firmly the view keeps its content's size against being stretched along `axis`.
  public func setContentHuggingPriority(
    _ priority: HeadlessLayoutPriority, for axis: HeadlessLayoutConstraint.Axis
  ) { anchors.hugging[axis] = priority }

  /// How firmly the view keeps its content's size against being stretched.
  public func contentHuggingPriority(for axis: HeadlessLayoutConstraint.Axis)
    -> HeadlessLayoutPriority
  { anchors.hugging[axis] ?? .defaultLow }

  /// Sets how firmly the view keeps its content's size against being squeezed along `axis`.
  public func setContentCompressionResistancePriority(
    _ priority: HeadlessLayoutPriority, for axis: HeadlessLayoutConstraint.Axis
  ) { anchors.compressionResistance[axis] = priority }

  /// How firmly the view keeps its content's size against being squeezed.
  public func contentCompressionResistancePriority(for axis: HeadlessLayoutConstraint.Axis)
    -> HeadlessLayoutPriority
  { anchors.compressionResistance[axis] ?? .defaultHigh }
}

/// A view's anchors and guides, made when first asked for.
@MainActor
final class ViewAnchors {
  private unowned let view: HeadlessView
  init(view: HeadlessView) { self.view = view }

  lazy var leading = HeadlessLayoutXAxisAnchor("leading", of: view)
  lazy var trailing = HeadlessLayoutXAxisAnchor("trailing", of: view)
  lazy var left = HeadlessLayoutXAxisAnchor("left", of: view)
  lazy var right = HeadlessLayoutXAxisAnchor("right", of: view)
  lazy var centerX = HeadlessLayoutXAxisAnchor("centerX", of: view)
  lazy var top = HeadlessLayoutYAxisAnchor("top", of: view)
  lazy var bottom = HeadlessLayoutYAxisAnchor("bottom", of: view)
  lazy var centerY = HeadlessLayoutYAxisAnchor("centerY", of: view)
  lazy var firstBaseline = HeadlessLayoutYAxisAnchor("firstBaseline", of: view)
  lazy var lastBaseline = HeadlessLayoutYAxisAnchor("lastBaseline", of: view)
  lazy var width = HeadlessLayoutSizeAnchor("width", of: view)
  lazy var height = HeadlessLayoutSizeAnchor("height", of: view)
  var margins: HeadlessLayoutGuide?
  var safeArea: HeadlessLayoutGuide?
  var readable: HeadlessLayoutGuide?
  var keyboard: HeadlessLayoutGuide?
  var hugging: [HeadlessLayoutConstraint.Axis: HeadlessLayoutPriority] = [:]
  var compressionResistance: [HeadlessLayoutConstraint.Axis: HeadlessLayoutPriority] = [:]

  func guide(
    _ slot: ReferenceWritableKeyPath<ViewAnchors, HeadlessLayoutGuide?>, of view: HeadlessView
  ) -> HeadlessLayoutGuide {
    if let guide = self[keyPath: slot] { return guide }
    let guide = HeadlessLayoutGuide()
    guide.owningView = view
    guide.frameInOwner = Self.frames[slot]
    if slot == \ViewAnchors.margins {
      guide.insetsInOwner = { $0.layoutMargins }
    } else if slot == \ViewAnchors.safeArea {
      guide.insetsInOwner = { $0.safeAreaInsets }
    }
    self[keyPath: slot] = guide
    return guide
  }

  /// What each of a view's own guides covers of it.
  static let frames:
    [ReferenceWritableKeyPath<ViewAnchors, HeadlessLayoutGuide?>:
      @MainActor (HeadlessView) -> CGRect] = [
        \.margins: { $0.bounds.inset(by: $0.layoutMargins) },
        \.safeArea: { $0.bounds.inset(by: $0.safeAreaInsets) },
        // UIKit's readable width is 672 points at the default text size, centred in the margins.
        \.readable: { view in
          let margins = view.bounds.inset(by: view.layoutMargins)
          let width = min(margins.width, 672)
          return CGRect(
            x: margins.midX - width / 2, y: margins.minY, width: width, height: margins.height)
        },
        // The keyboard's guide: what the keyboard covers, or the safe area's strip at the bottom.
        \.keyboard: { view in
          if let covered = view.keyboardOverlap { return covered }
          let bottom = view.safeAreaInsets.bottom
          return CGRect(
            x: view.bounds.minX, y: view.bounds.maxY - bottom, width: view.bounds.width,
            height: bottom)
        },
      ]
}

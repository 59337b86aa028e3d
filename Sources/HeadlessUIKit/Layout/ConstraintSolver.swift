import Foundation

#if canImport(CoreGraphics)
  import CoreGraphics
#endif

// Auto Layout for everyday screens (UIKit rules §7.11): the active constraints among a view's
// subviews, their guides and its stack views, solved one axis at a time as linear equations —
// required ones first, then the others from the highest priority down, each kept only if it does
// not contradict what is kept already; an inequality counts once the answer breaks it. A view's
// content size (a label's text) holds at its hugging and compression priorities. What the
// equations leave open keeps the frame the view had. It is not Cassowary: among constraints of
// equal priority that conflict, the first made wins, where UIKit's choice is its own.

/// The frames Auto Layout gives the constrained views under one root view.
@MainActor
struct ConstraintSolver {
  /// One item whose frame is unknown along an axis: a view placed by constraints, or a layout
  /// guide of one's own. Its unknowns are its start (in the root's coordinates) and its length.
  private struct Item {
    var view: HeadlessView?
    var guide: HeadlessLayoutGuide?
    /// The start and length it had: what it keeps when the equations leave them open.
    var start: CGFloat
    var length: CGFloat
  }

  /// A linear form over the unknowns plus a constant: Σ coefficients·x + constant.
  private struct Form {
    var terms: [Int: Double] = [:]
    var constant: Double = 0

    static func + (lhs: Form, rhs: Form) -> Form {
      var sum = lhs
      for (index, value) in rhs.terms { sum.terms[index, default: 0] += value }
      sum.constant += rhs.constant
      return sum
    }

    static func * (form: Form, factor: Double) -> Form {
      Form(terms: form.terms.mapValues { $0 * factor }, constant: form.constant * factor)
    }

    static func constant(_ value: Double) -> Form { Form(constant: value) }
  }

  /// An equation or inequation `form (relation) 0` at a priority.
  private struct Relation {
    var form: Form
    var relation: HeadlessLayoutConstraint.Relation
    var priority: Float
    /// Made from a view's content size, after the constraints of the same priority.
    var fromContent = false
  }

  private let root: HeadlessView
  private let horizontal: Bool
  private var items: [Item] = []
  private var indexOfView: [ObjectIdentifier: Int] = [:]
  private var indexOfGuide: [ObjectIdentifier: Int] = [:]
  /// The root's length when the root is sized by its content (a self-sizing cell's height).
  private var rootLength: Int?
  /// The root's length along this axis, when it is measured at another than its own.
  private let givenRootLength: CGFloat?
  /// The views' lengths along the other axis, once solved: for a size given by the other
  /// (an aspect ratio, `height = 0.25 × width`).
  private var otherLengths: [ObjectIdentifier: CGFloat] = [:]
  /// Whether a constraint needed a length along the other axis not solved yet.
  private(set) var needsOtherAxis = false

  private init(root: HeadlessView, horizontal: Bool, rootLength: CGFloat? = nil) {
    self.root = root
    self.horizontal = horizontal
    givenRootLength = rootLength
  }

  // MARK: Solving

  /// The frames of the constrained views inside `root`, in their superviews' coordinates (and
  /// of the guides of one's own, in their views'), the
  /// root as wide as `width` (its own width by default); with `freeHeight`, the root's height
  /// is an unknown too, and is answered (`nil` when the constraints do not decide it). The
  /// horizontal axis is solved first, so that text wraps at the widths it was given.
  static func frames(in root: HeadlessView, width: CGFloat? = nil, freeHeight: Bool = false)
    -> (frames: [ObjectIdentifier: CGRect], height: CGFloat?)
  {
    var across = ConstraintSolver(root: root, horizontal: true, rootLength: width)
    var xs = across.solve(freeLength: false, widths: [:])
    var widths: [ObjectIdentifier: CGFloat] = [:]
    for (id, span) in xs.spans { widths[id] = span.length }
    widths[ObjectIdentifier(root)] = width ?? root.bounds.width
    var down = ConstraintSolver(root: root, horizontal: false)
    down.otherLengths = widths
    let ys = down.solve(freeLength: freeHeight, widths: widths)
    if across.needsOtherAxis {
      // A width given by a height: solved again, the heights known.
      var heights: [ObjectIdentifier: CGFloat] = [:]
      for (id, span) in ys.spans { heights[id] = span.length }
      heights[ObjectIdentifier(root)] = ys.rootLength ?? root.bounds.height
      var again = ConstraintSolver(root: root, horizontal: true, rootLength: width)
      again.otherLengths = heights
      xs = again.solve(freeLength: false, widths: [:])
    }
    var frames: [ObjectIdentifier: CGRect] = [:]
    for (id, x) in xs.spans {
      guard let y = ys.spans[id] else { continue }
      frames[id] = CGRect(x: x.start, y: y.start, width: x.length, height: y.length)
    }
    return (frames, ys.rootLength)
  }

  /// Whether anything inside `root` is placed by constraints or stacked.
  static func hasConstrainedViews(in root: HeadlessView) -> Bool {
    for subview in root.subviews {
      if !subview.translatesAutoresizingMaskIntoConstraints || subview is HeadlessStackView {
        return true
      }
      if hasConstrainedViews(in: subview) { return true }
    }
    return false
  }

  private mutating func solve(freeLength: Bool, widths: [ObjectIdentifier: CGFloat]) -> (
    spans: [ObjectIdentifier: (start: CGFloat, length: CGFloat)], rootLength: CGFloat?
  ) {
    if freeLength {
      rootLength = add(Item(view: root, start: 0, length: rootBoundsLength))
    }
    collectItems(under: root)
    guard !items.isEmpty else { return ([:], nil) }
    var relations: [Relation] = []
    collectRelations(under: root, into: &relations, widths: widths)
    if let rootLength {
      // The root measured: it starts at 0 and is as small as its content lets it be (UIKit's
      // fitting at `fittingSizeLevel`, toward `layoutFittingCompressedSize`).
      relations.append(
        Relation(form: Form(terms: [2 * rootLength: 1]), relation: .equal, priority: 1_000))
      relations.append(
        Relation(
          form: Form(terms: [2 * rootLength + 1: 1]), relation: .equal,
          priority: HeadlessLayoutPriority.fittingSizeLevel.rawValue, fromContent: true))
    }
    let (values, determined) = Self.solve(
      relations, count: items.count * 2, defaults: defaults())
    var spans: [ObjectIdentifier: (start: CGFloat, length: CGFloat)] = [:]
    for (index, item) in items.enumerated() {
      if let guide = item.guide, let owner = guide.owningView {
        spans[ObjectIdentifier(guide)] = (
          CGFloat(values[2 * index]) - startInRoot(of: owner, values: values)
            + origin(of: owner.bounds),
          max(0, CGFloat(values[2 * index + 1]))
        )
      }
      guard let view = item.view, view !== root else { continue }
      let parentStart = view.superview.map { startInRoot(of: $0, values: values) } ?? 0
      let parentOrigin = view.superview.map { origin(of: $0.bounds) } ?? 0
      spans[ObjectIdentifier(view)] = (
        CGFloat(values[2 * index]) - parentStart + parentOrigin,
        max(0, CGFloat(values[2 * index + 1]))
      )
    }
    // The root's length answers only if the constraints give it one: a content that collapses
    // to nothing is taken for a mistake, as UIKit takes it for a cell ("constraints ambiguously
    // suggest a height of zero").
    let answered = rootLength.flatMap { index in
      determined.contains(2 * index + 1) && values[2 * index + 1] > 0.5
        ? CGFloat(values[2 * index + 1]) : nil
    }
    return (spans, answered)
  }

  /// What each unknown is when the equations leave it open: where the item was.
  private func defaults() -> [Double] {
    items.flatMap { [Double($0.start), Double($0.length)] }
  }

  // MARK: Items and their anchors

  private func origin(of rect: CGRect) -> CGFloat { horizontal ? rect.minX : rect.minY }
  private var rootBoundsLength: CGFloat { givenRootLength ?? length(of: root.bounds) }
  private func length(of rect: CGRect) -> CGFloat { horizontal ? rect.width : rect.height }

  @discardableResult
  private mutating func add(_ item: Item) -> Int {
    items.append(item)
    let index = items.count - 1
    if let view = item.view { indexOfView[ObjectIdentifier(view)] = index }
    if let guide = item.guide { indexOfGuide[ObjectIdentifier(guide)] = index }
    return index
  }

  /// Every view under `view` placed by constraints (and every guide of one's own), with where
  /// it is now in the root's coordinates.
  private mutating func collectItems(under view: HeadlessView) {
    for guide in view.layoutGuides where guide.frameInOwner == nil {
      let frame = guide.layoutFrame
      add(
        Item(
          guide: guide, start: startInRoot(of: view) + origin(of: frame),
          length: length(of: frame)))
    }
    for subview in view.subviews {
      if !subview.translatesAutoresizingMaskIntoConstraints {
        add(
          Item(
            view: subview,
            start: startInRoot(of: subview.superview ?? root)
              + origin(of: subview.frame) - origin(of: (subview.superview ?? root).bounds),
            length: length(of: subview.frame)))
      }
      collectItems(under: subview)
    }
  }

  /// Where a view starts in the root's coordinates, as it is now.
  private func startInRoot(of view: HeadlessView) -> CGFloat {
    guard view !== root, let superview = view.superview else { return 0 }
    return startInRoot(of: superview) + origin(of: view.frame) - origin(of: superview.bounds)
  }

  /// Where a view starts in the root's coordinates, from the solved values.
  private func startInRoot(of view: HeadlessView, values: [Double]) -> CGFloat {
    if let index = indexOfView[ObjectIdentifier(view)] { return CGFloat(values[2 * index]) }
    guard view !== root, let superview = view.superview else { return 0 }
    return startInRoot(of: superview, values: values) + origin(of: view.frame)
      - origin(of: superview.bounds)
  }

  /// A view's start and length as forms: unknowns for a constrained view (or the root sized by
  /// its content); for one placed by its frame, its superview's start plus its origin, and its
  /// length — following its superview's length where it stretches with it.
  private func span(of view: HeadlessView) -> (start: Form, length: Form) {
    if let index = indexOfView[ObjectIdentifier(view)] {
      return (Form(terms: [2 * index: 1]), Form(terms: [2 * index + 1: 1]))
    }
    guard view !== root, let superview = view.superview, isInside(view) else {
      if view === root { return (.constant(0), .constant(Double(rootBoundsLength))) }
      // Outside the root: where it is now, in the root's coordinates.
      let frame = view.convert(view.bounds, to: root)
      return (
        .constant(Double(origin(of: frame) - origin(of: root.bounds))),
        .constant(Double(length(of: frame)))
      )
    }
    let parent = span(of: superview)
    let start =
      parent.start + .constant(Double(origin(of: view.frame) - origin(of: superview.bounds)))
    let flexible: HeadlessView.AutoresizingMask = horizontal ? .flexibleWidth : .flexibleHeight
    guard view.autoresizingMask.contains(flexible) else {
      return (start, .constant(Double(length(of: view.frame))))
    }
    // Stretching with its superview: the superview's length less what it leaves around it now.
    let around = Double(length(of: superview.bounds) - length(of: view.frame))
    return (start, parent.length + .constant(-around))
  }

  private func isInside(_ view: HeadlessView) -> Bool {
    view === root || view.isDescendant(of: root)
  }

  /// An anchor as a form over the unknowns; `nil` for one on the other axis or on a view that
  /// is not in the root's window.
  private mutating func form(of anchor: HeadlessLayoutAnchor) -> Form? {
    let attribute = anchor.attribute
    let isX = ["leading", "trailing", "left", "right", "centerX", "width"].contains(attribute)
    guard isX == horizontal else {
      // A size along the other axis: known once that axis is solved.
      guard attribute == "width" || attribute == "height", anchor.guide == nil,
        let view = anchor.view
      else { return nil }
      if let length = otherLengths[ObjectIdentifier(view)] { return .constant(Double(length)) }
      if indexOfView[ObjectIdentifier(view)] == nil, view !== root,
        isInside(view) || view.window === root.window
      {
        let frame = view.convert(view.bounds, to: root)
        return .constant(Double(horizontal ? frame.height : frame.width))
      }
      needsOtherAxis = true
      return nil
    }
    let start: Form
    let size: Form
    if let guide = anchor.guide {
      if let index = indexOfGuide[ObjectIdentifier(guide)] {
        start = Form(terms: [2 * index: 1])
        size = Form(terms: [2 * index + 1: 1])
      } else {
        guard let owner = guide.owningView, isInside(owner) || owner.window === root.window
        else { return nil }
        // A view's own guide: its insets from its view, as they are now.
        let owned = span(of: owner)
        let before: Double
        let after: Double
        if let insets = guide.insetsInOwner?(owner) {
          before = Double(horizontal ? insets.left : insets.top)
          after = Double(horizontal ? insets.right : insets.bottom)
        } else {
          let frame = guide.layoutFrame
          before = Double(origin(of: frame) - origin(of: owner.bounds))
          after = Double(length(of: owner.bounds) - length(of: frame)) - before
        }
        start = owned.start + .constant(before)
        size = owned.length + .constant(-(before + after))
      }
    } else {
      guard let view = anchor.view, isInside(view) || view.window === root.window else {
        return nil
      }
      (start, size) = span(of: view)
    }
    switch attribute {
    case "leading", "left", "top": return start
    case "trailing", "right", "bottom": return start + size
    case "centerX", "centerY": return start + size * 0.5
    case "width", "height": return size
    case "firstBaseline":
      let ascender = (anchor.view as? HeadlessLabel).map { Double($0.font.pointSize) * 0.95 }
      return ascender.map { start + .constant($0) } ?? start + size
    case "lastBaseline":
      let descender = (anchor.view as? HeadlessLabel).map { Double($0.font.pointSize) * 0.24 }
      return start + size + .constant(-(descender ?? 0))
    default: return nil
    }
  }

  // MARK: Relations

  private mutating func collectRelations(
    under view: HeadlessView, into relations: inout [Relation],
    widths: [ObjectIdentifier: CGFloat]
  ) {
    for constraint in view.constraints {
      guard let first = form(of: constraint.firstAnchor) else { continue }
      var equation = first + .constant(-Double(constraint.constant))
      if let secondAnchor = constraint.secondAnchor {
        guard let second = form(of: secondAnchor) else { continue }
        equation = equation + second * -Double(constraint.multiplier)
      }
      relations.append(
        Relation(
          form: equation, relation: constraint.relation, priority: constraint.priority.rawValue))
    }
    if let stack = view as? HeadlessStackView { stackRelations(stack, into: &relations) }
    for subview in view.subviews {
      if !subview.translatesAutoresizingMaskIntoConstraints {
        contentRelations(of: subview, into: &relations, widths: widths)
      }
      collectRelations(under: subview, into: &relations, widths: widths)
    }
  }

  /// A view's content size, as UIKit makes it into constraints: it does not grow past it at its
  /// hugging priority, and does not shrink under it at its compression resistance.
  private func contentRelations(
    of view: HeadlessView, into relations: inout [Relation], widths: [ObjectIdentifier: CGFloat]
  ) {
    let axis: HeadlessLayoutConstraint.Axis = horizontal ? .horizontal : .vertical
    // A stack view's size is its arrangement's (see `stackRelations`).
    guard !(view is HeadlessStackView) else { return }
    var size = view.intrinsicContentSize
    if !horizontal, let width = widths[ObjectIdentifier(view)], let label = view as? HeadlessLabel {
      // Text that wraps is as tall as it is at the width it was given.
      size.height = label.sizeThatFits(CGSize(width: width, height: 0)).height
    }
    let content = horizontal ? size.width : size.height
    guard content != HeadlessView.noIntrinsicMetric, content >= 0 else { return }
    let length = span(of: view).length + .constant(-Double(content))
    relations.append(
      Relation(
        form: length, relation: .lessThanOrEqual,
        priority: view.contentHuggingPriority(for: axis).rawValue, fromContent: true))
    relations.append(
      Relation(
        form: length, relation: .greaterThanOrEqual,
        priority: view.contentCompressionResistancePriority(for: axis).rawValue,
        fromContent: true))
  }

  /// What a stack view's arrangement says, as UIKit makes it into constraints: its arranged
  /// subviews one after the other along its axis, `spacing` apart, filling it; across, as its
  /// alignment says.
  private func stackRelations(_ stack: HeadlessStackView, into relations: inout [Relation]) {
    let shown = stack.arrangedSubviews.filter { !$0.isHidden && $0.superview === stack }
    guard !shown.isEmpty else { return }
    let box = span(of: stack)
    let margins = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : .zero
    let lead = Double(horizontal ? margins.left : margins.top)
    let trail = Double(horizontal ? margins.right : margins.bottom)
    let inside = (
      start: box.start + .constant(lead), end: box.start + box.length + .constant(-trail)
    )
    let along = (stack.axis == .horizontal) == horizontal
    func required(_ form: Form, _ relation: HeadlessLayoutConstraint.Relation = .equal) {
      relations.append(Relation(form: form, relation: relation, priority: 1_000))
    }
    let spans = shown.map { span(of: $0) }
    if along {
      required(spans[0].start + inside.start * -1)
      for index in spans.indices.dropFirst() {
        let (previous, next) = (spans[index - 1], spans[index])
        let gap = next.start + (previous.start + previous.length) * -1
        let spacing = Double(stack.spacing(after: shown[index - 1]))
        if stack.distribution == .equalSpacing || stack.distribution == .equalCentering {
          required(gap + .constant(-spacing), .greaterThanOrEqual)
        } else {
          required(gap + .constant(-spacing))
        }
      }
      if let last = spans.last { required(last.start + last.length + inside.end * -1) }
      if stack.distribution == .fillEqually {
        for other in spans.dropFirst() { required(other.length + spans[0].length * -1) }
      }
      if stack.distribution == .equalSpacing || stack.distribution == .equalCentering,
        spans.count > 2
      {
        let firstGap = spans[1].start + (spans[0].start + spans[0].length) * -1
        for (previous, next) in zip(spans.dropFirst(), spans.dropFirst(2)) {
          required(next.start + (previous.start + previous.length) * -1 + firstGap * -1)
        }
      }
    } else {
      for span in spans {
        let end = span.start + span.length
        switch stack.alignment {
        case .leading, .firstBaseline:
          required(span.start + inside.start * -1)
          required(end + inside.end * -1, .lessThanOrEqual)
        case .trailing, .lastBaseline:
          required(end + inside.end * -1)
          required(span.start + inside.start * -1, .greaterThanOrEqual)
        case .center:
          required((span.start + end) * 0.5 + (inside.start + inside.end) * -0.5)
          required(span.start + inside.start * -1, .greaterThanOrEqual)
        default:
          required(span.start + inside.start * -1)
          required(end + inside.end * -1)
        }
      }
      // Across, the stack is as large as its largest arranged view, unless told otherwise.
      relations.append(
        Relation(
          form: box.length + .constant(-Double(stack.crossLength(horizontal: horizontal))),
          relation: .equal, priority: 249, fromContent: true))
    }
  }

  // MARK: The linear algebra

  /// Solves `relations` for `count` unknowns: the equations by priority (equations before
  /// inequations, constraints before content sizes), each kept only if it agrees with those of
  /// higher priority; then, while the answer breaks an inequation, the highest-priority one it
  /// breaks holds as an equation, in its place among the others, and the whole is solved again
  /// (an inequation that cannot hold is given up). The unknowns left open take `defaults`.
  private static func solve(_ relations: [Relation], count: Int, defaults: [Double]) -> (
    values: [Double], determined: Set<Int>
  ) {
    let ordered = relations.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element, rhs.element)
      if a.priority != b.priority { return a.priority > b.priority }
      if (a.relation == .equal) != (b.relation == .equal) { return a.relation == .equal }
      if a.fromContent != b.fromContent { return !a.fromContent }
      return lhs.offset < rhs.offset
    }.map(\.element)
    var holding: Set<Int> = []
    var tried: Set<Int> = []
    while true {
      var system = Echelon(count: count)
      for (index, relation) in ordered.enumerated()
      where relation.relation == .equal || holding.contains(index) {
        _ = system.add(relation.form)
      }
      let values = system.solution(defaults: defaults)
      let broken = ordered.indices.first { index in
        let relation = ordered[index]
        guard relation.relation != .equal, !tried.contains(index) else { return false }
        let value = evaluate(relation.form, values)
        return relation.relation == .greaterThanOrEqual ? value < -1e-6 : value > 1e-6
      }
      guard let broken else { return (values, system.determined) }
      // Each inequation is tried once: the loop ends after as many rounds as there are.
      tried.insert(broken)
      holding.insert(broken)
    }
  }

  private static func evaluate(_ form: Form, _ values: [Double]) -> Double {
    form.terms.reduce(form.constant) { $0 + $1.value * values[$1.key] }
  }

  /// Equations in reduced row echelon form, added one at a time.
  private struct Echelon {
    let count: Int
    /// Each row: coefficients, then the right-hand side, with a pivot of 1.
    private var rows: [(pivot: Int, values: [Double])] = []

    init(count: Int) { self.count = count }

    /// Adds `form = 0` if it agrees with the equations kept; returns whether it added anything.
    mutating func add(_ form: Form) -> Bool {
      var row = [Double](repeating: 0, count: count + 1)
      for (index, value) in form.terms { row[index] += value }
      row[count] = -form.constant
      for (pivot, values) in rows where row[pivot] != 0 {
        let factor = row[pivot]
        for column in 0...count { row[column] -= factor * values[column] }
      }
      guard
        let pivot = (0..<count).max(by: { abs(row[$0]) < abs(row[$1]) }), abs(row[pivot]) > 1e-9
      else { return false }  // nothing new, or a contradiction: either way, not kept
      let scale = row[pivot]
      for column in 0...count { row[column] /= scale }
      for index in rows.indices where rows[index].values[pivot] != 0 {
        let factor = rows[index].values[pivot]
        for column in 0...count { rows[index].values[column] -= factor * row[column] }
      }
      rows.append((pivot, row))
      return true
    }

    /// The unknowns the equations decide whatever the others are.
    var determined: Set<Int> {
      let pivots = Set(rows.map(\.pivot))
      return Set(
        rows.filter { row in
          (0..<count).allSatisfy {
            $0 == row.pivot || pivots.contains($0) || abs(row.values[$0]) < 1e-9
          }
        }.map(\.pivot))
    }

    /// The unknowns: each pivot from its row, the others at their defaults.
    func solution(defaults: [Double]) -> [Double] {
      var values = defaults
      let pivots = Set(rows.map(\.pivot))
      for (pivot, row) in rows {
        var value = row[count]
        for column in 0..<count where column != pivot && !pivots.contains(column) {
          value -= row[column] * defaults[column]
        }
        values[pivot] = value
      }
      return values
    }
  }
}

import Foundation
import HeadlessUIKit
import Testing

/// Everyday Auto Layout solved (UIKit rules §7.11): views placed by anchors get their frames as
/// their superview lays out, labels take their text's size, stack views arrange, priorities
/// decide between constraints that cannot all hold, and a cell constrained top to bottom is as
/// tall as its content.
@MainActor
@Suite("Auto Layout")
struct AutoLayoutTests {
  /// A screen whose view builds its content in `viewDidLoad`, shown in a phone's window.
  final class Screen: UIViewController {
    let build: (UIView) -> Void
    init(_ build: @escaping (UIView) -> Void) {
      self.build = build
      super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
      super.viewDidLoad()
      build(view)
    }
  }

  private func show(_ build: @escaping (UIView) -> Void) -> (UIWindow, UIView) {
    let screen = Screen(build)
    let window = UIWindow.show(screen)
    window.layoutIfNeeded()
    return (window, screen.view)
  }

  private func label(_ text: String, lines: Int = 1) -> UILabel {
    let label = UILabel()
    label.text = text
    label.numberOfLines = lines
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
  }

  @Test func edgesSizesAndCentersPlaceViewsInTheirSuperview() {
    let banner = UIView()
    let badge = UIView()
    let (window, root) = show { root in
      for view in [banner, badge] {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
      }
      NSLayoutConstraint.activate([
        banner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
        banner.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        banner.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8),
        banner.heightAnchor.constraint(equalToConstant: 100),
        badge.centerXAnchor.constraint(equalTo: root.centerXAnchor),
        badge.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        badge.widthAnchor.constraint(equalToConstant: 200),
        badge.heightAnchor.constraint(equalTo: badge.widthAnchor, multiplier: 0.25),
      ])
    }
    #expect(root.frame == window.bounds)
    #expect(banner.frame == CGRect(x: 16, y: 47 + 8, width: 358, height: 100))
    #expect(badge.frame == CGRect(x: 95, y: 422 - 25, width: 200, height: 50))
    window.resignVisible()
  }

  @Test func labelsTakeTheirTextsSizeAndTheViewsBelowFollowAChange() async {
    let title = label("Mates")
    let bio = label(Array(repeating: "abcdefg", count: 10).joined(separator: " "), lines: 0)
    let footer = UIView()
    footer.translatesAutoresizingMaskIntoConstraints = false
    let (window, _) = show { root in
      for view in [title, bio, footer] { root.addSubview(view) }
      NSLayoutConstraint.activate([
        title.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        title.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        bio.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
        bio.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        bio.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
        footer.topAnchor.constraint(equalTo: bio.bottomAnchor, constant: 8),
        footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        footer.widthAnchor.constraint(equalToConstant: 10),
        footer.heightAnchor.constraint(equalToConstant: 10),
      ])
    }
    let line = title.font.lineHeight
    #expect(
      title.frame == CGRect(x: 20, y: 100, width: title.intrinsicContentSize.width, height: line))
    #expect(bio.frame.width == 350)
    // 350 points at 8.5 a character: five words of seven letters a line, two lines.
    #expect(bio.frame.height == 2 * line && bio.frame.minY == 100 + line + 8)
    #expect(footer.frame.minY == bio.frame.maxY + 8)

    bio.text = (bio.text ?? "") + " " + (bio.text ?? "")
    #expect(await yieldUntil { bio.frame.height == 4 * line }, "laid out again at the turn's end")
    #expect(footer.frame.minY == bio.frame.maxY + 8)
    window.resignVisible()
  }

  @Test func aHigherPriorityWinsAndAnInequalityHoldsOnlyWhereItMust() {
    let card = UIView()
    let (window, _) = show { root in
      card.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(card)
      let wide = card.widthAnchor.constraint(equalToConstant: 500)
      wide.priority = .defaultHigh
      let narrow = card.widthAnchor.constraint(equalToConstant: 100)
      narrow.priority = .defaultLow
      NSLayoutConstraint.activate([
        wide, narrow,
        card.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, constant: -40),
        card.heightAnchor.constraint(greaterThanOrEqualToConstant: 30),
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        card.topAnchor.constraint(equalTo: root.topAnchor),
      ])
    }
    #expect(card.frame.width == 350, "500 breaks the required bound: the bound holds")
    #expect(card.frame.height == 30, "nothing else says: the inequality's edge")
    window.resignVisible()
  }

  @Test func aStackArrangesItsViewsAndAHiddenOneTakesNoRoom() async {
    let names = ["Ada", "Bo", "Cy"].map { label($0) }
    let stack = UIStackView(arrangedSubviews: names)
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    let buttons = UIStackView(arrangedSubviews: [UIView(), UIView(), UIView()])
    buttons.distribution = .fillEqually
    buttons.spacing = 10
    buttons.translatesAutoresizingMaskIntoConstraints = false
    let (window, _) = show { root in
      root.addSubview(stack)
      root.addSubview(buttons)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
        stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
        stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        buttons.topAnchor.constraint(equalTo: stack.bottomAnchor, constant: 20),
        buttons.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        buttons.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
        buttons.heightAnchor.constraint(equalToConstant: 44),
      ])
    }
    let line = names[0].font.lineHeight
    #expect(stack.frame == CGRect(x: 16, y: 60, width: 358, height: 3 * line + 16))
    #expect(names.map(\.frame.minY) == [0, line + 8, 2 * line + 16])
    #expect(names.allSatisfy { $0.frame.width == 358 }, "filled across")
    #expect(buttons.arrangedSubviews.map(\.frame.width) == [110, 110, 110])
    #expect(buttons.arrangedSubviews.map(\.frame.minX) == [0, 120, 240])

    names[1].isHidden = true
    #expect(await yieldUntil { stack.frame.height == 2 * line + 8 })
    #expect(names[2].frame.minY == line + 8)
    #expect(buttons.frame.minY == stack.frame.maxY + 20)
    window.resignVisible()
  }

  /// A cell built as apps build them: labels in a stack pinned to the content view's margins.
  final class PersonCell: UITableViewCell {
    let name = UILabel()
    let bio = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      bio.numberOfLines = 0
      let stack = UIStackView(arrangedSubviews: [name, bio])
      stack.axis = .vertical
      stack.spacing = 4
      stack.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(stack)
      NSLayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
        stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 20),
        stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -20),
      ])
    }

    required init?(coder: NSCoder) { nil }
  }

  final class People: UITableViewDataSource {
    var bios: [String]
    init(_ bios: [String]) { self.bios = bios }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      bios.count
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "person", for: indexPath)
      (cell as? PersonCell)?.name.text = "Mate \(indexPath.row)"
      (cell as? PersonCell)?.bio.text = bios[indexPath.row]
      return cell
    }
  }

  /// A cell whose last label is only held above the bottom margin: as small as its content
  /// lets it be; one whose constraints reach no bottom collapses, and UIKit takes the standard
  /// height instead.
  @Test func aCellIsAsSmallAsItsConstraintsLetItBeAndNeverCollapses() {
    let held = UITableViewCell(style: .default, reuseIdentifier: nil)
    let name = label("Ada")
    held.contentView.addSubview(name)
    NSLayoutConstraint.activate([
      name.topAnchor.constraint(equalTo: held.contentView.layoutMarginsGuide.topAnchor),
      name.leadingAnchor.constraint(equalTo: held.contentView.layoutMarginsGuide.leadingAnchor),
      name.bottomAnchor.constraint(
        lessThanOrEqualTo: held.contentView.layoutMarginsGuide.bottomAnchor),
    ])
    let size = held.systemLayoutSizeFitting(
      CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    #expect(size == CGSize(width: 320, height: 8 + name.font.lineHeight + 8))

    let loose = UITableViewCell(style: .default, reuseIdentifier: nil)
    let title = label("Bo")
    loose.contentView.addSubview(title)
    title.topAnchor.constraint(equalTo: loose.contentView.topAnchor).isActive = true
    #expect(loose.systemLayoutSizeFitting(CGSize(width: 320, height: 0)).height == 44)
  }

  @Test func aTablePinnedByAnchorsGetsItsFrameAndItsCellsAreAsTallAsTheirConstraints() {
    let people = People(["Ships.", Array(repeating: "abcdefg", count: 10).joined(separator: " ")])
    let table = UITableView(frame: .zero, style: .plain)
    let (window, root) = show { root in
      table.translatesAutoresizingMaskIntoConstraints = false
      table.register(PersonCell.self, forCellReuseIdentifier: "person")
      table.dataSource = people
      root.addSubview(table)
      NSLayoutConstraint.activate([
        table.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
        table.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        table.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        table.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      ])
    }
    #expect(table.frame == CGRect(x: 0, y: 47, width: 390, height: 844 - 47))
    #expect(table.indexPathsForVisibleRows?.count == 2)
    let line = UIFont.systemFont(ofSize: UIFont.labelFontSize).lineHeight
    let rows = (0..<2).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
    #expect(rows[0] == 12 + line + 4 + line + 12, "one line of bio")
    // 350 points for the bio: five words a line, two lines.
    #expect(rows[1] == 12 + line + 4 + 2 * line + 12)
    #expect(table.violations.isEmpty)
    withExtendedLifetime(root) {}
    window.resignVisible()
  }
}

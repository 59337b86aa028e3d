import Foundation
import HeadlessUIKit
import Testing

/// Code shaped like Apple's modern collection view samples: registrations, list content
/// configurations, compositional list and grid layouts, swipe actions and accessories.
@MainActor
@Suite("Modern lists: registrations, configurations, compositional layouts")
struct ModernListTests {
  /// A data source over sections of names that dequeues with registrations.
  final class Names: UICollectionViewDataSource {
    var sections: [[String]]
    let cell: UICollectionView.CellRegistration<UICollectionViewListCell, String>
    let header: UICollectionView.SupplementaryRegistration<UICollectionViewListCell>
    var outlineTaps: [String] = []

    init(_ sections: [[String]]) {
      self.sections = sections
      var taps: (String) -> Void = { _ in }
      cell = .init { cell, _, name in
        var content = cell.defaultContentConfiguration()
        content.text = name
        content.secondaryText = name.count > 4 ? "a long name" : nil
        content.secondaryTextProperties.numberOfLines = 0
        cell.contentConfiguration = content
        cell.accessories = [.outlineDisclosure { taps(name) }, .disclosureIndicator()]
      }
      header = .init(elementKind: UICollectionView.elementKindSectionHeader) {
        header, _, indexPath in
        var content = UIListContentConfiguration.header()
        content.text = "section \(indexPath.section)"
        header.contentConfiguration = content
      }
      taps = { [unowned self] name in self.outlineTaps.append(name) }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    { sections[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    {
      collectionView.dequeueConfiguredReusableCell(
        using: cell, for: indexPath, item: sections[indexPath.section][indexPath.item])
    }
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
    }
  }

  func makeList(
    _ names: Names, configure: (inout UICollectionLayoutListConfiguration) -> Void = { _ in }
  )
    -> UICollectionView
  {
    var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
    configuration.headerMode = .supplementary
    configure(&configuration)
    let layout = UICollectionViewCompositionalLayout.list(using: configuration)
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
    list.dataSource = names
    KeepAlive.objects.append(names)
    UIWindow.show(list)
    return list
  }

  @Test func aListLayoutShowsRowsThatSizeThemselvesUnderHeaders() {
    let names = Names([["Ari", "Bo", "Cleo"], ["Dev", "Eun"]])
    let list = makeList(names)
    #expect(list.violations.isEmpty, "\(list.violations)")
    #expect(list.indexPathsForVisibleItems.count == 5)
    let first = list.cellForItem(at: IndexPath(item: 0, section: 0))
    #expect(first?.shownText == "Ari")
    #expect(
      (first as? UICollectionViewListCell)?.accessories.map(\.kind) == [
        .outlineDisclosure, .disclosureIndicator,
      ])
    // A 38-point header, then rows of 44 (a list cell's standard height), inset for the look.
    let frame = list.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
    #expect(frame == CGRect(x: 20, y: 38 + 44, width: 350, height: 44))
    #expect(
      list.supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: 1)
      )?.shownText == "section 1")
  }

  @Test func aGridOfFractionalItems() {
    let names = Names([(0..<30).map { "n\($0)" }])
    let item = NSCollectionLayoutItem(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(1.0 / 3)),
      subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 10
    let grid = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
    grid.dataSource = names
    KeepAlive.objects.append(names)
    UIWindow.show(grid)
    // Three columns; lines of 130 and 10 of spacing: five lines meet 600 points.
    #expect(grid.indexPathsForVisibleItems.count == 15)
    #expect(grid.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame.minY == 140)
    // The spacing goes between groups, none after the last.
    #expect(grid.contentSize.height == CGFloat(10 * 140 - 10))
    #expect(grid.violations.isEmpty)
  }

  @Test func swipeActionsComeFromTheListConfiguration() {
    let names = Names([["Ari", "Bo"]])
    var deleted: [IndexPath] = []
    let list = makeList(names) { configuration in
      configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
        let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
          deleted.append(indexPath)
          done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete])
      }
    }
    #expect(list.userSwipes(itemAt: IndexPath(item: 1, section: 0), from: .leading) == nil)
    let actions = list.userSwipes(itemAt: IndexPath(item: 1, section: 0), from: .trailing)
    #expect(actions?.actions.map(\.title) == ["Delete"])
    var performed: Bool?
    if let delete = actions?.actions.first {
      list.userTaps(delete, onItemAt: IndexPath(item: 1, section: 0)) { performed = $0 }
    }
    #expect(deleted == [IndexPath(item: 1, section: 0)])
    #expect(performed == true)
  }

  /// UIKit rules §7.4: the completion closes the swipe; a destructive action done for a row
  /// still there slides it back into place.
  @Test(arguments: [
    (UIContextualAction.Style.destructive, true, false, true),
    (.destructive, true, true, false),
    (.destructive, false, false, false),
    (.normal, true, false, false),
  ])
  func aDestructiveSwipeCompletedForARowStillThereSlidesBack(
    style: UIContextualAction.Style, performed: Bool, deletesFirst: Bool, slidesBack: Bool
  ) {
    let names = Names([["Ari", "Bo", "Cy"]])
    var list: UICollectionView?
    list = makeList(names) { configuration in
      configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
        let action = UIContextualAction(style: style, title: "Delete") { _, _, done in
          if deletesFirst, let list {
            names.sections[0].remove(at: indexPath.item)
            list.deleteItems(at: [indexPath])
          }
          done(performed)
        }
        return UISwipeActionsConfiguration(actions: [action])
      }
    }
    guard let list,
      let action = list.userSwipes(itemAt: IndexPath(item: 1, section: 0), from: .trailing)?.actions
        .first
    else { return #expect(Bool(false), "no actions") }
    list.userTaps(action, onItemAt: IndexPath(item: 1, section: 0))
    #expect(list.violations.isEmpty)
    #expect(list.alerts.map(\.rule) == (slidesBack ? [.destructiveSwipeSnapBack] : []))
    #expect(list.alerts.allSatisfy { $0.severity == .glitch && !$0.isUIKitMessage })
  }

  @Test func anOutlineTriangleTurnsOnlyWithTheCellsExpandedState() {
    final class Expanding: UICollectionViewListCell {
      var expanded = false
      override var configurationState: UICellConfigurationState {
        var state = super.configurationState
        state.isExpanded = expanded
        return state
      }
    }
    let plain = UICollectionViewListCell(frame: .zero)
    #expect(plain.showsOutlineExpanded == nil, "no triangle")
    plain.accessories = [.outlineDisclosure()]
    #expect(plain.showsOutlineExpanded == false, "nothing but a section snapshot expands it")
    let expanding = Expanding(frame: .zero)
    expanding.accessories = [.outlineDisclosure()]
    expanding.expanded = true
    #expect(expanding.showsOutlineExpanded == true)
  }

  @Test func anAccessoryTapRunsItsAction() {
    let names = Names([["Ari", "Bo"]])
    let list = makeList(names)
    #expect(list.userTapsAccessory(.outlineDisclosure, ofItemAt: IndexPath(item: 1, section: 0)))
    #expect(!list.userTapsAccessory(.delete, ofItemAt: IndexPath(item: 1, section: 0)))
    #expect(names.outlineTaps == ["Bo"])
  }

  @Test func listRowsTakeTheHeightTheirCellsNeed() {
    final class TallCell: UICollectionViewListCell {
      override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        CGSize(width: targetSize.width, height: 100)
      }
    }
    final class Tall: UICollectionViewDataSource {
      let cell = UICollectionView.CellRegistration<TallCell, Int> { _, _, _ in }
      func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 50 }
      func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
      {
        collectionView.dequeueConfiguredReusableCell(
          using: cell, for: indexPath, item: indexPath.item)
      }
    }
    let source = Tall()
    KeepAlive.objects.append(source)
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
    list.dataSource = source
    UIWindow.show(list)
    #expect(list.indexPathsForVisibleItems.count == 6)
    #expect(list.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame.minY == 500)
  }
}

/// A custom content configuration, written as for UIKit.
struct BadgeConfiguration: UIContentConfiguration, Hashable {
  var count = 0
  var isSelected = false

  @MainActor func makeContentView() -> any UIView & UIContentView { BadgeView(configuration: self) }

  func updated(for state: any UIConfigurationState) -> Self {
    var updated = self
    if let state = state as? UICellConfigurationState { updated.isSelected = state.isSelected }
    return updated
  }
}

@MainActor
final class BadgeView: UIView, UIContentView {
  var configuration: any UIContentConfiguration
  init(configuration: BadgeConfiguration) {
    self.configuration = configuration
    super.init(frame: .zero)
  }
  required init?(coder: NSCoder) { nil }
}

@MainActor
@Suite("Content configurations and configuration updates")
struct ConfigurationTests {
  @Test func aCustomConfigurationAndAnUpdateHandlerBeforeDisplay() {
    final class Badges: UICollectionViewDataSource {
      var updates: [IndexPath] = []
      lazy var cell = UICollectionView.CellRegistration<UICollectionViewListCell, Int> {
        [unowned self] cell, indexPath, count in
        cell.contentConfiguration = BadgeConfiguration(count: count)
        cell.configurationUpdateHandler = { cell, state in
          self.updates.append(indexPath)
          cell.contentConfiguration = cell.contentConfiguration?.updated(for: state)
        }
      }
      func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
        -> Int
      { 3 }
      func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
      {
        collectionView.dequeueConfiguredReusableCell(
          using: cell, for: indexPath, item: indexPath.item * 10)
      }
    }
    let badges = Badges()
    KeepAlive.objects.append(badges)
    let list = UICollectionView(
      frame: CGRect(x: 0, y: 0, width: 390, height: 600),
      collectionViewLayout: UICollectionViewCompositionalLayout.list(
        using: UICollectionLayoutListConfiguration(appearance: .plain)))
    list.dataSource = badges
    UIWindow.show(list)
    let cell = list.cellForItem(at: IndexPath(item: 2, section: 0))
    #expect((cell?.contentConfiguration as? BadgeConfiguration)?.count == 20)
    #expect(Set(badges.updates) == Set((0..<3).map { IndexPath(item: $0, section: 0) }))
    let view = (cell?.contentConfiguration as? BadgeConfiguration)?.makeContentView()
    #expect((view?.configuration as? BadgeConfiguration)?.count == 20)
  }
}

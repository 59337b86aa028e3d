import Foundation
import HeadlessUIKit
import Testing

/// A list's viewport between its updates: the safe area, the keyboard, rotations and traits,
/// as a phone gives them (UIKit rules §4g).
@Suite("The viewport: safe area, keyboard, rotation and traits")
@MainActor
struct ViewportBetweenUpdatesTests {
  /// A data source of `count` rows of text, in cells that size themselves from a label that
  /// follows the text size.
  final class TextRows: NSObject, UITableViewDataSource {
    let texts: [String]
    init(count: Int, words: Int = 12) {
      texts = (0..<count).map { row in
        (0..<words).map { "word\($0)" }.joined(separator: " ") + " \(row)"
      }
    }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      texts.count
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "text", for: indexPath)
      (cell as? TextCell)?.body.text = texts[indexPath.row]
      return cell
    }
  }

  final class TextCell: UITableViewCell {
    let body = UILabel()
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
      super.init(style: style, reuseIdentifier: reuseIdentifier)
      body.font = .preferredFont(forTextStyle: .body)
      body.adjustsFontForContentSizeCategory = true
      body.numberOfLines = 0
      contentView.addSubview(body)
    }
    required init?(coder: NSCoder) { nil }
    override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
      let text = body.sizeThatFits(CGSize(width: targetSize.width - 32, height: 0))
      return CGSize(width: targetSize.width, height: text.height + 22)
    }
  }

  final class Observed: @unchecked Sendable {
    var notes: [(Notification.Name, CGRect?)] = []
    var payloads: [(duration: Double?, curve: UInt?)] = []
  }

  func textTable(rows: Int, in window: UIWindow) -> (UITableView, TextRows) {
    let table = UITableView(frame: window.bounds)
    table.register(TextCell.self, forCellReuseIdentifier: "text")
    let rows = TextRows(count: rows)
    table.dataSource = rows
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(table)
    window.makeKeyAndVisible()
    return (table, rows)
  }

  @Test func aPhonesSafeAreaUprightAndOnItsSide() {
    let window = UIWindow()
    #expect(window.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    let full = UIView(frame: window.bounds)
    let middle = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 300))
    window.addSubview(full)
    window.addSubview(middle)
    #expect(full.safeAreaInsets == window.safeAreaInsets)
    #expect(middle.safeAreaInsets == .zero, "clear of the bars")
    window.userRotates(to: .landscapeLeft)
    #expect(window.bounds.size == CGSize(width: 844, height: 390))
    #expect(window.safeAreaInsets == UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
    #expect(full.frame.size == CGSize(width: 390, height: 844), "no autoresizing mask: unmoved")
  }

  @Test func aShownViewIsInTheSafeArea() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440))
    let window = UIWindow.show(table)
    #expect(table.safeAreaInsets == .zero && table.adjustedContentInset == .zero)
    #expect(table.convert(table.bounds, to: nil).minY == 47)
    table.removeFromSuperview()
    #expect(table.window == nil)
    withExtendedLifetime(window) {}
  }

  @Test func theAdjustedInsetFollowsTheBehaviourAndTheScreensBars() {
    let window = UIWindow()
    let (table, rows) = textTable(rows: 50, in: window)
    defer { withExtendedLifetime(rows) {} }
    #expect(table.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(table.contentOffset.y == -47, "at its start under the status bar")
    table.contentInset.bottom = 10
    #expect(table.adjustedContentInset.bottom == 44, "yours plus the safe area's")
    table.contentInsetAdjustmentBehavior = .never
    #expect(table.adjustedContentInset == table.contentInset)
    #expect(table.contentOffset.y == 0, "still at its start")
    table.contentInsetAdjustmentBehavior = .always
    window.userRotates(to: .landscapeRight)
    #expect(table.adjustedContentInset == UIEdgeInsets(top: 0, left: 47, bottom: 31, right: 47))
    window.resignVisible()
  }

  @Test func aShortCollectionViewTakesNoSafeAreaUntilItsContentOutgrowsIt() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 390, height: 100)
    layout.minimumLineSpacing = 0
    let window = UIWindow()
    let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
    grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "item")
    let items = ItemsDataSource(count: 3)
    grid.dataSource = items
    window.addSubview(grid)
    window.makeKeyAndVisible()
    #expect(grid.adjustedContentInset == .zero, "300 points of content in 844: not scrollable")
    items.count = 20
    grid.reloadData()
    grid.layoutIfNeeded()
    #expect(grid.adjustedContentInset.top == 47 && grid.adjustedContentInset.bottom == 34)
    window.resignVisible()
  }

  @Test func aNavigationControllersScreenHasItsBarInTheSafeArea() {
    let screen = UIViewController()
    let navigation = UINavigationController(rootViewController: screen)
    let window = UIWindow.show(navigation)
    #expect(screen.view.safeAreaInsets.top == 91, "the status bar's 47 and the bar's 44")
    navigation.setNavigationBarHidden(true, animated: false)
    #expect(screen.view.safeAreaInsets.top == 47)
    screen.additionalSafeAreaInsets.bottom = 50
    #expect(screen.view.safeAreaInsets.bottom == 84, "the home indicator's 34 and 50")
    window.resignVisible()
  }

  @Test func theKeyboardPostsUIKitsNotificationsAndItsGuideFollowsIt() async throws {
    let window = UIWindow()
    window.notificationCenter = NotificationCenter()
    let view = UIView(frame: window.bounds)
    window.addSubview(view)
    window.makeKeyAndVisible()
    let observed = Observed()
    var tokens: [any NSObjectProtocol] = []
    for name in [
      UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
      UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
      UIResponder.keyboardWillChangeFrameNotification,
      UIResponder.keyboardDidChangeFrameNotification,
    ] {
      // From the screen (since iOS 16.1): an observer of the window's would never hear them.
      tokens.append(
        window.notificationCenter.addObserver(forName: name, object: window.screen, queue: nil) {
          note in
          let name = note.name
          // As UIKit documents the payload: NSValue frames, NSNumber duration and curve.
          let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?
            .cgRectValue
          let duration =
            (note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?
            .doubleValue
          let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt
          MainActor.assumeIsolated {
            observed.notes.append((name, end))
            observed.payloads.append((duration, curve))
          }
        })
    }
    #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 810, width: 390, height: 34))

    window.userShowsKeyboard()
    let up = CGRect(x: 0, y: 508, width: 390, height: 336)
    // A device's order: the frame's change, then the showing; did… as the animation ends.
    #expect(
      observed.notes.map(\.0) == [
        UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
      ])
    #expect(observed.notes.allSatisfy { $0.1 == up })
    #expect(observed.payloads.allSatisfy { $0.0 == 0.25 && $0.1 == 7 })
    #expect(window.keyboardFrame == up && view.keyboardLayoutGuide.layoutFrame == up)
    while observed.notes.count < 4 { await Task.yield() }
    #expect(
      observed.notes.suffix(2).map(\.0) == [
        UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification,
      ])

    observed.notes = []
    window.userHidesKeyboard()
    #expect(
      observed.notes.map(\.0) == [
        UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillHideNotification,
      ])
    #expect(window.keyboardFrame == nil)
    #expect(view.keyboardLayoutGuide.layoutFrame.height == 34, "back to the safe area's strip")
    while observed.notes.count < 4 { await Task.yield() }
    #expect(observed.notes.last?.0 == UIResponder.keyboardDidHideNotification)
    for token in tokens { window.notificationCenter.removeObserver(token) }
    window.resignVisible()
  }

  @Test func aTableViewControllerKeepsItsRowsOutFromUnderTheKeyboardAndAPlainTableDoesNot() {
    let controller = UITableViewController(style: .plain)
    let window = UIWindow.show(controller)
    window.notificationCenter = NotificationCenter()
    let plain = UITableView(frame: window.bounds)
    window.addSubview(plain)
    #expect(controller.tableView.adjustedContentInset.bottom == 34)
    window.userShowsKeyboard()
    #expect(controller.tableView.adjustedContentInset.bottom == 336, "what the keyboard covers")
    #expect(controller.tableView.contentInset == .zero, "the content inset stays the app's")
    #expect(plain.adjustedContentInset.bottom == 34, "a plain table is left alone")
    window.userHidesKeyboard()
    #expect(controller.tableView.adjustedContentInset.bottom == 34)
    window.resignVisible()
  }

  @Test func aRotationResizesTellsTheScreensAndMeasuresRowsAtTheNewWidth() async {
    final class Screen: UIViewController {
      var sizes: [CGSize] = []
      var completed = 0
      var verticalClasses: [UIUserInterfaceSizeClass] = []
      override func viewWillTransition(
        to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
      ) {
        super.viewWillTransition(to: size, with: coordinator)
        sizes.append(size)
        coordinator.animate(alongsideTransition: nil) { [weak self] _ in self?.completed += 1 }
      }
      override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        verticalClasses.append(traitCollection.verticalSizeClass)
      }
    }
    let screen = Screen()
    let window = UIWindow.show(screen)
    window.notificationCenter = NotificationCenter()
    let table = UITableView(frame: screen.view.bounds)
    table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    table.register(TextCell.self, forCellReuseIdentifier: "text")
    let rows = TextRows(count: 30, words: 30)
    table.dataSource = rows
    screen.view.addSubview(table)
    let uprightHeight = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
    window.userRotates(to: .landscapeLeft)
    #expect(screen.sizes == [CGSize(width: 844, height: 390)])
    #expect(screen.view.frame.size == CGSize(width: 844, height: 390))
    #expect(table.frame.width == 844)
    #expect(screen.verticalClasses == [.compact])
    let sidewaysHeight = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
    #expect(sidewaysHeight < uprightHeight, "wider rows wrap into fewer lines")
    while screen.completed == 0 { await Task.yield() }
    window.resignVisible()
  }

  @Test func aTraitChangeReachesTheRegisteredAndUIKitsCallButNotAnOverride() {
    let window = UIWindow()
    let view = UIView(frame: window.bounds)
    let dark = UIView(frame: window.bounds)
    dark.overrideUserInterfaceStyle = .dark
    window.addSubview(view)
    window.addSubview(dark)
    window.makeKeyAndVisible()
    var heard: [UIUserInterfaceStyle] = []
    view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous) in
      heard.append(previous.userInterfaceStyle)
      heard.append(view.traitCollection.userInterfaceStyle)
    }
    var darkHeard = 0
    dark.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (_: UIView, _) in
      darkHeard += 1
    }
    var textSizes = 0
    view.registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (_: UIView, _) in
      textSizes += 1
    }
    window.userChangesTraits { $0.userInterfaceStyle = .dark }
    #expect(heard == [.light, .dark])
    #expect(darkHeard == 0, "its style did not change")
    #expect(textSizes == 0, "another trait")
    window.resignVisible()
  }

  @Test func aLargerTextSizeMakesSelfSizingRowsTaller() {
    let window = UIWindow()
    let (table, rows) = textTable(rows: 20, in: window)
    let path = IndexPath(row: 0, section: 0)
    let cell = table.cellForRow(at: path) as? TextCell
    #expect(cell?.body.font.pointSize == 17)
    let largeHeight = table.rectForRow(at: path).height
    window.userChangesTraits {
      $0.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
    }
    #expect(cell?.body.font.pointSize == 53, "the label follows the text size")
    #expect(
      cell?.traitCollection.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
    let largerHeight = table.rectForRow(at: path).height
    #expect(largerHeight > 2 * largeHeight, "\(largeHeight) → \(largerHeight)")
    #expect(table.violations.isEmpty, "\(table.violations)")
    withExtendedLifetime(rows) {}
    window.resignVisible()
  }
}

import Foundation
import HeadlessUIKit
import Testing

/// The everyday views an app's screen uses beside its list: alerts, buttons with title
/// colours, a table's separators and a cell's selected background, and the navigation bar's
/// appearance, as UIKit keeps them.
@MainActor
@Suite("Everyday views")
struct EverydayViewsTests {
  @Test func anAlertsActionRunsOnceTheAlertIsDismissed() async {
    let screen = UIViewController()
    let window = UIWindow.show(screen)
    var deleted = 0
    let alert = UIAlertController(title: "Delete?", message: "For good.", preferredStyle: .alert)
    alert.addTextField { $0.placeholder = "Type DELETE" }
    let cancel = UIAlertAction(title: "Cancel", style: .cancel)
    let delete = UIAlertAction(title: "Delete", style: .destructive) { _ in deleted += 1 }
    alert.addAction(cancel)
    alert.addAction(delete)
    alert.preferredAction = delete
    screen.present(alert, animated: false)
    #expect(screen.presentedViewController === alert && alert.view.window === window)
    #expect(alert.title == "Delete?" && alert.message == "For good.")
    #expect(alert.actions.map(\.title) == ["Cancel", "Delete"])
    #expect(alert.textFields?.first?.placeholder == "Type DELETE")
    delete.isEnabled = false
    alert.userTaps(delete)
    #expect(deleted == 0 && screen.presentedViewController === alert, "a disabled action")
    delete.isEnabled = true
    alert.userTaps(delete)
    #expect(deleted == 0, "the handler runs once the dismissal is done")
    while screen.presentedViewController != nil || deleted == 0 { await Task.yield() }
    #expect(deleted == 1 && alert.viewIfLoaded?.window == nil)
    window.resignVisible()
  }

  @Test func aButtonsTitleColourFollowsItsState() {
    let button = UIButton(type: .roundedRect)
    #expect(button.buttonType == .system)
    #expect(button.currentTitleColor == .tintColor, "a system button's default")
    button.setTitleColor(.gray, for: .normal)
    button.setTitleColor(.lightGray, for: .disabled)
    #expect(button.currentTitleColor == .gray && button.titleLabel?.textColor == .gray)
    button.isEnabled = false
    #expect(button.titleColor(for: .disabled) == .lightGray)
    #expect(button.titleColor(for: .highlighted) == .gray, "falls back to normal")
  }

  @Test func theNavigationBarKeepsItsAppearance() {
    let navigation = UINavigationController(rootViewController: UIViewController())
    let appearance = UINavigationBarAppearance()
    appearance.configureWithOpaqueBackground()
    appearance.titleTextAttributes = [.foregroundColor: UIColor.darkGray]
    navigation.navigationBar.standardAppearance = appearance
    navigation.navigationBar.scrollEdgeAppearance = UINavigationBarAppearance(
      barAppearance: appearance)
    #expect(navigation.navigationBar.standardAppearance.backgroundColor == .systemBackground)
    #expect(navigation.navigationBar.scrollEdgeAppearance?.backgroundStyle == "opaque")
    appearance.configureWithTransparentBackground()
    #expect(appearance.shadowColor == nil && appearance.backgroundColor == .clear)
    #expect(appearance.titleTextAttributes[.foregroundColor] as? UIColor == .darkGray)
  }

  /// Every text style at every text size, as the Human Interface Guidelines' tables give them.
  @Test func preferredFontsFollowTheTextSizeForEveryStyle() {
    func size(_ style: UIFont.TextStyle, _ category: UIContentSizeCategory) -> CGFloat {
      var traits = UITraitCollection()
      traits.preferredContentSizeCategory = category
      return UIFont.preferredFont(forTextStyle: style, compatibleWith: traits).pointSize
    }
    #expect(size(.body, .large) == 17 && size(.headline, .large) == 17)
    #expect(UIFont.preferredFont(forTextStyle: .headline).weight == .semibold)
    #expect(size(.caption2, .extraSmall) == 11 && size(.caption2, .medium) == 11)
    #expect(size(.caption1, .extraLarge) == 14 && size(.footnote, .extraExtraLarge) == 17)
    #expect(size(.subheadline, .extraLarge) == 17 && size(.callout, .extraSmall) == 13)
    #expect(size(.largeTitle, .extraExtraExtraLarge) == 40 && size(.title1, .small) == 26)
    #expect(size(.title3, .accessibilityMedium) == 31 && size(.title2, .accessibilityLarge) == 39)
    #expect(size(.footnote, .accessibilityExtraExtraExtraLarge) == 44)
    #expect(size(.body, .accessibilityExtraExtraExtraLarge) == 53)
  }

  @Test func aTablesSeparatorsAndACellsBackgroundsAreKeptAsSet() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
    #expect(table.separatorStyle == .singleLine)
    table.separatorStyle = .none
    #expect(table.separatorStyle == UITableViewCell.SeparatorStyle.none)
    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
    let selected = UIView()
    cell.selectedBackgroundView = selected
    #expect(cell.selectedBackgroundView === selected && cell.backgroundView == nil)
  }
}

import Foundation
import HeadlessUIKit
import Testing

/// Rows showing UIKit's list content configurations size themselves from their text, at the
/// user's text size (UIKit rules §4b): wrapped text makes a taller row, a larger text size
/// makes every row taller, one line at the default size is 44 points.
@MainActor
@Suite("List content configurations measured from their text")
struct ListContentSizingTests {
  /// Rows whose texts and style the test sets, in a self-sizing table 320 points wide.
  final class Texts: HeadlessTableViewDataSource {
    var rows: [(text: String, secondary: String?)]
    var style = HeadlessListContentConfiguration.subtitleCell()
    var lines = 0

    init(_ rows: [(text: String, secondary: String?)]) { self.rows = rows }

    func tableView(_ tableView: HeadlessTableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    func tableView(_ tableView: HeadlessTableView, cellForRowAt indexPath: IndexPath)
      -> HeadlessTableViewCell
    {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      var content = style
      content.text = rows[indexPath[1]].text
      content.secondaryText = rows[indexPath[1]].secondary
      content.textProperties.numberOfLines = lines
      cell.contentConfiguration = content
      return cell
    }
  }

  /// Ten words of seven letters: at body's 17 points, four words a line in 288 points.
  private let long = Array(repeating: "abcdefg", count: 10).joined(separator: " ")

  private func table(_ source: Texts) -> (HeadlessTableView, HeadlessWindow) {
    let table = HeadlessTableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600))
    table.register(HeadlessTableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    KeepAlive.objects.append(source)
    return (table, HeadlessWindow.show(table))
  }

  private func height(_ table: HeadlessTableView, _ row: Int) -> CGFloat {
    table.rectForRow(at: IndexPath(indexes: [0, row])).height
  }

  @Test func aRowIsAsTallAsItsWrappedText() {
    let source = Texts([("Ada", nil), (long, nil), ("Ada", "Keeps the build green.")])
    source.style = .cell()
    let (table, window) = table(source)
    let body = HeadlessFont.preferredFont(forTextStyle: .body).lineHeight
    let subheadline = HeadlessFont.preferredFont(forTextStyle: .subheadline).lineHeight
    #expect(height(table, 0) == 44, "one line at the default size")
    #expect(height(table, 1) == 11 + 3 * body + 11, "three lines of four words")
    #expect(height(table, 2) == 11 + body + 3 + subheadline + 11)
    source.lines = 1
    table.reloadData()
    #expect(height(table, 1) == 44, "held to one line")
    #expect(table.violations.isEmpty)
    window.resignVisible()
  }

  @Test func aValueCellsSecondaryTextIsBesideItsText() {
    let source = Texts([("Name", "Ada"), ("Bio", "Keeps the build green.")])
    source.style = .valueCell()
    let (table, window) = table(source)
    let body = HeadlessFont.preferredFont(forTextStyle: .body).lineHeight
    #expect(height(table, 0) == 44)
    #expect(height(table, 1) == 11 + 2 * body + 11, "half the width each: the value wraps")
    window.resignVisible()
  }

  @Test func everyRowGrowsWithTheTextSize() {
    let source = Texts([("Ada", nil), (long, "Keeps the build green.")])
    source.style = .cell()
    let (table, window) = table(source)
    let before = (height(table, 0), height(table, 1))
    window.userChangesTraits {
      $0.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
    }
    var largest = HeadlessTraitCollection()
    largest.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
    let body = HeadlessFont.preferredFont(forTextStyle: .body, compatibleWith: largest)
    #expect(body.pointSize > 50)
    #expect(height(table, 0) == 11 + body.lineHeight + 11, "one line, at the largest size")
    #expect(height(table, 0) > before.0 && height(table, 1) > 2 * before.1)
    #expect(table.violations.isEmpty)
    window.resignVisible()
  }
}

import BinderyTesting
import Foundation
import HeadlessUIKit

/// How far the newest row's bottom is below the screen's bottom edge (0 at the end).
@MainActor
func shortOfTheEnd(_ table: UITableView) -> CGFloat {
  let end = table.contentSize.height + table.adjustedContentInset.bottom - table.bounds.height
  return max(0, end - table.contentOffset.y)
}

/// A list-configuration row whose text wraps: its height follows the width and the text size.
@MainActor
func wrappingMessage(_ table: UITableView, _ path: IndexPath, _ item: TestItem)
  -> UITableViewCell
{
  let cell = table.dequeueReusableCell(withIdentifier: "message", for: path)
  var content = cell.defaultContentConfiguration()
  content.text = String(repeating: "word ", count: 4 + (item.id * 7) % 23)
  cell.contentConfiguration = content
  return cell
}

/// The first row whose top is on screen (below the top inset), and where it starts on screen.
@MainActor
func readersRow(_ table: UITableView) -> (row: Int, screenStart: CGFloat)? {
  let top = table.contentOffset.y + table.adjustedContentInset.top
  guard
    let path = table.indexPathsForVisibleRows?.first(where: {
      table.rectForRow(at: $0).minY >= top - 0.5
    })
  else { return nil }
  return (path.row, table.rectForRow(at: path).minY - table.contentOffset.y)
}

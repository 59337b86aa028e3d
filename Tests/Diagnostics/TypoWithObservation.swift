// A typo in a cell provider bound to an @Observable model's list, with no result type to go
// by: reported as the typo, not as the list's type.
import Bindery
import BinderyUIKit
import Observation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

@available(iOS 17, *)
@MainActor @Observable final class ObservedMates {
  var mates: [Mate] = []
}

@available(iOS 17, *)
@MainActor final class MatesScreen {
  var binding: ListBinding<FlatSection, Mate>?

  func bindMates(_ tableView: UITableView, to model: ObservedMates) {
    let binding = tableView.bind(to: .observing { model.mates }) {
      tableView, indexPath, mate in
      let cell = tableView.dequeueReusableCell(withIdentifier: "mate", for: indexPath)
      // The compiler says, of the next line: value of type 'Mate' has no member 'nam'
      cell.textLabel?.text = mate.nam
      return cell
    }
    self.binding = binding
  }
}

import Foundation

/// A text label (`UILabel` where UIKit does not exist), so that cell code such as
/// `cell.textLabel?.text = name` compiles and can be read back in tests.
@MainActor
open class HeadlessLabel: HeadlessView {
  /// The label's text.
  open var text: String?
}

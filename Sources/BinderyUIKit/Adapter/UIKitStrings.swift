import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

/// Titles UIKit shows on its own controls, in the user's language, for Bindery's controls that
/// stand in for them: a swipe action in a list layout offers what a table's delete button says.
@MainActor
enum UIKitStrings {
  /// The title of a table's delete confirmation button. UIKit's own localized string (its
  /// bundle's "Delete" key, which its table views show; not a documented API, so English when
  /// the key is missing), that no app has to translate again.
  static var delete: String {
    #if canImport(UIKit)
      Bundle(for: UIView.self).localizedString(forKey: "Delete", value: "Delete", table: nil)
    #else
      "Delete"
    #endif
  }
}

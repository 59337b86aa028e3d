import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Updates held for their new rows' content.

extension ListBinding {
  /// Holds every update that inserts rows on screen until their content is loaded or has
  /// failed, or `deadline` has passed (keep it short: 150–300 ms), so that new rows — a mate who
  /// just joined, a post on top — appear complete instead of with a placeholder. Lists sent
  /// meanwhile coalesce behind the held one. Needs late content with prefetching
  /// (`bind(to:content:…)` with prefetching); without it, it changes nothing and says so on
  /// ``errors`` (``BindingError/modifierDoesNotApply(_:)``).
  @discardableResult
  public func holdNewRows(upTo deadline: Duration) -> Self {
    let holders = attachments(of: (any NewRowHolding).self)
    if holders.isEmpty {
      reportMisuse(
        "holdNewRows(upTo:)",
        "it holds rows until their late content is loaded, and this binding has none; bind with "
          + "bind(to:content:…), which prefetches")
    }
    for holder in holders { holder.holdNewRows(upTo: deadline) }
    return self
  }
}

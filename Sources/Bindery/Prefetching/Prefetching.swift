/// Whether, and how far ahead, a binding loads its items' late content before their cells ask:
/// the first screen before the first list shows, then a window ahead of the scroll.
///
/// ```swift
/// content: .store(avatars)                                  // .automatic
/// content: .store(avatars, prefetching: .never)             // cells load what they show
/// content: .store(avatars, prefetching: .custom(planner))   // your own windows
/// ```
public struct Prefetching: Sendable, Equatable {
  /// The planner whose windows are loaded; `nil` when prefetching is off.
  public let planner: PrefetchPlanner?

  private init(planner: PrefetchPlanner?) { self.planner = planner }

  /// Prefetching with ``PrefetchPlanner``'s default windows: the first screen and one more
  /// before the first list, then two screens ahead of the scroll, wider with speed.
  public static let automatic = Prefetching(planner: PrefetchPlanner())

  /// No prefetching: each cell asks for its content when UIKit asks for the cell. Content
  /// then cannot hold the first display or new rows (nothing is asked for before they show).
  public static let never = Prefetching(planner: nil)

  /// Prefetching with the windows `planner` plans.
  public static func custom(_ planner: PrefetchPlanner) -> Prefetching {
    Prefetching(planner: planner)
  }
}

import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// The reader's place as a value: read from the view, kept by the app with its scene, and given
// back at the next launch — restored once a list that has its item is shown.

/// Where the reader is in a bound list, as a value the app keeps — with its scene's state,
/// across launches — and gives back to ``ViewBinding/restore(_:)``.
///
/// It names an item by its id, not by its index, so it holds when the list has changed since:
/// rows inserted above the reader, history loaded, a cache's list before the server's. It is
/// `Codable` when the id is:
///
/// ```swift
/// let saved = try JSONEncoder().encode(binding.readingPlace)
/// ```
public enum ReadingPlace<ID: Hashable & Sendable>: Hashable, Sendable {
  /// The item whose row is under the viewport's start edge (the top of a vertical list, below
  /// the top inset), and how many points into its row that edge is.
  case item(ID, pointsIntoRow: Double)
  /// The end of the list: a chat at its newest message.
  case end
}

extension ReadingPlace: Codable where ID: Codable {}

extension ViewBinding {
  /// Where the reader is now: ``ReadingPlace/end`` for a list scrolled to its end, else the item
  /// under the viewport's start edge and how far into its row the edge is. `nil` while the view
  /// shows no item (no list yet, an empty list, off screen before its first layout).
  ///
  /// - Complexity: O(v) for the v items on screen.
  public var readingPlace: ReadingPlace<Item.ID>? { adapter?.readingPlace }

  /// Scrolls back to `place`, without animation: its item's row put where it was under the
  /// viewport's start edge, or the list's end. An item the view does not show yet — a place
  /// saved at the last launch, restored while the cache's list and then the server's come — is
  /// scrolled to once a list that has it is shown, as ``scroll(toItemWithID:at:animated:)``
  /// does: a later scroll by id or to the end replaces the request, and the user's finger on
  /// the list cancels it. Over self-sizing rows, the rows measured on the way are accounted
  /// for. A row shorter than it was keeps the edge within it.
  ///
  /// - Complexity: O(1) to find the item, then UIKit's scroll.
  public func restore(_ place: ReadingPlace<Item.ID>) {
    switch place {
    case .item(let id, let points):
      liveAdapter()?.requestScroll(.place(id, pointsIntoRow: CGFloat(max(0, points))))
    case .end:
      liveAdapter()?.requestScroll(.end(animated: false))
    }
  }
}

extension ViewBinding {
  /// Calls `action` each time the reader comes to the list's end — its last item and what
  /// follows it in view — from elsewhere: by their own scroll or the app's, or with a list that
  /// ends where they read; and once when the first list with items is shown at its end (a list
  /// that fits its view is at its end). A chat marks its messages read by it, and takes its
  /// unread divider away:
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(chat.$messages)) { … }
  ///   .anchor(.end)
  ///   .onReachingEnd { [weak chat] in chat?.markAllRead() }
  /// ```
  ///
  /// Judged at the end of each turn in which the view moved, changed shape or showed a list,
  /// once it has laid out; a chat that stays at its end as messages arrive does not come to it
  /// again. Returns the binding, to chain the next modifier.
  ///
  /// - Complexity: O(1) per turn in which the view moved or showed a list.
  public func onReachingEnd(_ action: @escaping @MainActor () -> Void) -> Self {
    // Judged by the adapter after the parts hear the scroll; a list shown asks for the scroll's
    // work, as it can bring the end into view with no scroll (a shorter list, the first).
    liveAdapter()?.reachingEnd.append(ReachingEnd(action: action))
    return self
  }
}

extension ListAdapter {
  /// The reader's place now; see ``ViewBinding/readingPlace``.
  var readingPlace: ReadingPlace<Item.ID>? {
    guard let view, let scrollView else { return nil }
    let horizontal = scrollsHorizontally
    let axis = ScrollAxis(scrollView, horizontal: horizontal)
    // A list longer than its viewport, scrolled to its end. One that fits is at its start too:
    // its first item is the place.
    if axis.isAtEnd, !axis.isAtStart { return .end }
    let edge = axis.offset + axis.insetStart
    var best: (id: Item.ID, start: CGFloat)?
    for position in visibleItemPositions {
      guard let frame = view.frameOfItem(at: position), let item = shown.item(at: position)
      else { continue }
      let (start, end) = horizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
      // The row under the edge: it reaches past it. The first such, in the layout's order.
      guard end > edge + 0.5 else { continue }
      if best.map({ start < $0.start }) ?? true { best = (item.id, start) }
    }
    return best.map { .item($0.id, pointsIntoRow: Double(max(0, edge - $0.start))) }
  }
}

/// What the app does when the reader comes to the end of the list
/// (``ViewBinding/onReachingEnd(_:)``), and whether the end was in view when last judged.
struct ReachingEnd {
  var action: @MainActor () -> Void
  var wasAtEnd = false
}

extension ListAdapter {
  /// Calls the actions of `onReachingEnd` whose end came into view since they were last judged.
  func judgeReachingEnd() {
    guard !reachingEnd.isEmpty, isInWindow, shown.numberOfItems > 0, let scrollView else {
      return
    }
    let isAtEnd = ScrollAxis(scrollView, horizontal: scrollsHorizontally).isAtEnd
    let due = reachingEnd.filter { isAtEnd && !$0.wasAtEnd }.map(\.action)
    for index in reachingEnd.indices { reachingEnd[index].wasAtEnd = isAtEnd }
    for action in due {
      // An action may stop the binding (a rebind, a detach), which lets go of the others.
      guard !reachingEnd.isEmpty else { return }
      action()
    }
  }
}

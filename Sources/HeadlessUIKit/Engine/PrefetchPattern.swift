import Foundation

/// How a list view calls its prefetch data source (UIKit rules §4).
///
/// UIKit documents only that the index paths of a call are ordered by their distance from the
/// screen and that a cancel may cover part of an earlier call; what devices send is untidier,
/// and code that leans on a tidy order crashes there (a `first...last` range built from a
/// call, TLPhotoPicker #77). ``deviceLike(seed:)``, the default, sends calls as a device does,
/// from a seeded generator so that a failure replays; ``tidy`` is the orderly pattern, for
/// tests about something else and as a baseline.
public enum PrefetchPattern: Sendable, Hashable {
  /// One call per scroll step with the rows ahead that were not asked for yet, nearest first;
  /// cancels only when the scroll reverses; nothing before the first scroll; no path twice;
  /// only paths the view has; `reloadData()` drops what was prefetched without a word.
  case tidy
  /// As devices call it, every choice drawn from a generator seeded with `seed`:
  ///
  /// - right after the first display, the rows below the first screen, with no scroll;
  /// - a step's paths in any order (whole calls shuffled, or rows of a line interleaved), split
  ///   over several calls, and some rows never asked for at all;
  /// - while scrolling one way, the same rows cancelled and asked for again, or asked for twice
  ///   (InfiniteLayout #26, FunctionalTableData #161);
  /// - rows jumped past cancelled, as cells that scroll out of view are;
  /// - after a batch, cancels that name rows by where they were before it, and a call with a
  ///   path past a section's new end (UIKit's prefetch context goes stale: "the _maxIndex is
  ///   probably stale");
  /// - after `reloadData()`, either nothing or cancels for the rows prefetched before it, by
  ///   their old paths.
  case deviceLike(seed: UInt64)

  /// UIKit's pattern, as a device sends it: ``deviceLike(seed:)`` with seed 0.
  public static let `default` = PrefetchPattern.deviceLike(seed: 0)
}

/// One call to the prefetch data source.
enum PrefetchCall: Equatable {
  case prefetch([IndexPath])
  case cancel([IndexPath])
}

/// The device-like pattern's choices, from a seeded SplitMix64 generator: how a step's tidy
/// plan (the rows to cancel, the rows to ask for) becomes the calls a device would make.
///
/// It only decides: the engine works out the rows and makes the calls.
struct PrefetchDisorder {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits (SplitMix64).
  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Whether an event of probability `percent` in 100 happens.
  mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

  /// A number in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

  /// `paths` in the order a device may send them: shuffled whole, or with the paths that share
  /// a section's line (equally far from the screen) interleaved, or as they are.
  mutating func disorder(_ paths: [IndexPath], columns: Int) -> [IndexPath] {
    guard paths.count > 1 else { return paths }
    var result = paths
    if chance(40) {
      shuffle(&result[...])
    } else if columns > 1 {
      var start = 0
      while start < result.count {
        let line = result[start].itemIndex / columns
        var end = start + 1
        while end < result.count, result[end].itemIndex / columns == line,
          result[end].sectionIndex == result[start].sectionIndex
        {
          end += 1
        }
        shuffle(&result[start..<end])
        start = end
      }
    }
    return result
  }

  /// Fisher–Yates, with this generator.
  private mutating func shuffle(_ slice: inout ArraySlice<IndexPath>) {
    guard slice.count > 1 else { return }
    for offset in stride(from: slice.count - 1, to: 0, by: -1) {
      let other = below(offset + 1)
      slice.swapAt(slice.startIndex + offset, slice.startIndex + other)
    }
  }

  /// `paths` split over one or two calls, in order.
  mutating func split(_ paths: [IndexPath]) -> [[IndexPath]] {
    guard paths.count > 1, chance(30) else { return paths.isEmpty ? [] : [paths] }
    let cut = 1 + below(paths.count - 1)
    return [Array(paths[..<cut]), Array(paths[cut...])]
  }
}

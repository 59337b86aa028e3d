/// Marks the elements of one longest strictly increasing subsequence of `values`.
///
/// The diff uses it to decide which matched elements stay put: the largest set that already
/// appears in the right relative order. Everything not marked moves, which makes the number of
/// moves minimal. Patience sorting with predecessor links.
///
/// - Complexity: O(k log k) for k values.
@inlinable
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
  let count = values.count
  var mask = [Bool](repeating: false, count: count)
  guard count > 0 else { return mask }
  // tails[l] is the index of the smallest tail value of an increasing run of length l + 1.
  var tails: [Int] = []
  tails.reserveCapacity(min(count, 1024))
  var predecessor = [Int](repeating: -1, count: count)
  for index in 0..<count {
    let value = values[index]
    if let last = tails.last, values[last] < value {
      predecessor[index] = last
      tails.append(index)
      continue
    }
    let low = partitionPoint(tails.count) { values[tails[$0]] < value }
    predecessor[index] = low > 0 ? tails[low - 1] : -1
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var cursor = tails[tails.count - 1]
  while cursor >= 0 {
    mask[cursor] = true
    cursor = predecessor[cursor]
  }
  return mask
}

/// The length of the longest strictly increasing subsequence of a growing list of values,
/// extended with the values added since the last call (patience sorting on tail values, no
/// predecessors). After j values of k, at least `j - length` of them will not be in the final
/// run: what lets the diff prove early that a changeset must be too large.
@usableFromInline
struct IncreasingRunLength {
  /// `tails[l]` is the smallest tail value of an increasing run of length l + 1.
  @usableFromInline var _tails: [Int] = []
  /// How many values were taken in.
  @usableFromInline var _consumed = 0

  @inlinable init() {}

  /// The longest run's length so far.
  @inlinable var length: Int { _tails.count }

  /// Takes in `values[consumed...]`: O(1) each that extends the longest run, O(log k) else.
  @inlinable
  mutating func extend(with values: [Int]) {
    while _consumed < values.count {
      let value = values[_consumed]
      _consumed += 1
      if let last = _tails.last, last < value {
        _tails.append(value)
        continue
      }
      let low = partitionPoint(_tails.count) { _tails[$0] < value }
      if low == _tails.count { _tails.append(value) } else { _tails[low] = value }
    }
  }
}

/// The first index in `0..<count` for which `isBefore` is false, for a predicate that is true up
/// to some index and false after it (binary search over patience piles).
///
/// Written without a branch on the comparison (the half taken is a conditional move), since on
/// random data that branch is mispredicted half the time.
///
/// - Complexity: O(log count).
@inlinable @inline(__always)
func partitionPoint(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
  guard count > 0 else { return 0 }
  // The answer lies in base...base + remaining.
  var base = 0
  var remaining = count
  while remaining > 1 {
    let half = remaining / 2
    base = isBefore(base + half) ? base + half : base
    remaining -= half
  }
  return isBefore(base) ? base + 1 : base
}

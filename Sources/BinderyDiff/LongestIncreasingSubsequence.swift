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
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
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

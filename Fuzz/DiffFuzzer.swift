// libFuzzer entry point for the diff: two snapshots decoded from the fuzzer's bytes, diffed, and
// replayed through HeadlessUIKit's validator. Any failure crashes, which is how libFuzzer learns
// of it and saves the input. Built and run by Fuzz/run.sh.
import BinderyDiff
import BinderyTesting

/// Reads small bounded numbers from the fuzzer's bytes; zeros once they run out.
struct ByteReader {
  var bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  mutating func next(below bound: Int) -> Int {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return Int(bytes[offset]) % bound
  }

  /// A snapshot with up to 5 sections of up to 11 items, ids from small ranges so that matches
  /// and repeats are common; repeats are dropped by the lenient initializer, which is exercised
  /// too.
  mutating func snapshot() -> TestSnapshot {
    let sections = (0..<next(below: 6)).map { _ in
      ListSection(
        TestSection(id: next(below: 8), title: next(below: 2)),
        items: (0..<next(below: 12)).map { _ in
          TestItem(id: next(below: 48), content: next(below: 3))
        })
    }
    return TestSnapshot.lenient(sections).snapshot
  }
}

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
  let old = reader.snapshot()
  let new = reader.snapshot()
  let changeset = StagedChangeset(from: old, to: new)
  if let failure = ChangesetReplay.check(changeset, from: old, to: new) {
    fatalError("replay failed: \(failure)\nold: \(old.listSections)\nnew: \(new.listSections)")
  }
  let moves = changeset.counts.itemMoves
  let minimal = MinimalMoves.items(from: old, to: new)
  if moves != minimal {
    fatalError(
      "\(moves) moves where \(minimal) suffice\nold: \(old.listSections)\nnew: \(new.listSections)")
  }
  return 0
}

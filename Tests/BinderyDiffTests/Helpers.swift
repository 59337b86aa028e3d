import BinderyDiff
import BinderyTesting
import Testing

/// A flat snapshot from `id:content` pairs; content defaults to 0.
func flat(_ ids: [Int], content: [Int: Int] = [:]) -> ListSnapshot<TestItem> {
  ListSnapshot.unique([
    ListSection(FlatSection(), items: ids.map { TestItem(id: $0, content: content[$0] ?? 0) })
  ])
}

/// A sectioned snapshot from `(sectionID, [itemID])` pairs.
func sectioned(_ layout: [(Int, [Int])], titles: [Int: Int] = [:], content: [Int: Int] = [:])
  -> TestSnapshot
{
  TestSnapshot.unique(
    layout.map { section, ids in
      ListSection(
        TestSection(id: section, title: titles[section] ?? 0),
        items: ids.map { TestItem(id: $0, content: content[$0] ?? 0) })
    })
}

/// Diffs, replays through HeadlessUIKit (strict, both view kinds) and records any failure.
@discardableResult
func diffAndReplay<Section, Item>(
  _ old: Snapshot<Section, Item>, _ new: Snapshot<Section, Item>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> StagedChangeset<Section, Item> {
  let changeset = StagedChangeset(from: old, to: new)
  if let failure = ChangesetReplay.check(changeset, from: old, to: new) {
    Issue.record("replay failed: \(failure)", sourceLocation: sourceLocation)
  }
  return changeset
}

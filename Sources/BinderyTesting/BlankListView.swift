import Bindery

/// A `ListView` that shows nothing: what is left of an update is the binding's own work, with
/// no UIKit rules in the way. It installs each stage's snapshot at once; its completions run at
/// once too, or, with `completesStages` off, wait for ``finishAnimations()`` — as UIKit calls
/// `performBatchUpdates`' completion after the animations — or forever, as a careless view would.
@MainActor
public final class BlankListView<Section, Item>: ListView
where
  Section: Identifiable & Equatable & Sendable, Section.ID: Sendable,
  Item: Identifiable & Equatable & Sendable, Item.ID: Sendable
{
  /// When `false`, stages are completed only by ``finishAnimations()``.
  public var completesStages: Bool
  /// What ``itemsPerScreen`` answers.
  public var rowsPerScreen: Int
  private var completions: [@MainActor () -> Void] = []

  /// A view that completes its stages at once (or keeps them), with `rowsPerScreen` rows.
  public init(completesStages: Bool = true, rowsPerScreen: Int = 10) {
    self.completesStages = completesStages
    self.rowsPerScreen = rowsPerScreen
  }

  /// Installs the stage's snapshot; completes it now, or keeps the completion.
  public func applyStage(
    _ stage: StagedChangeset<Section, Item>.Stage, animated: Bool,
    installing install: @escaping @MainActor () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    install()
    if completesStages { completion() } else { completions.append(completion) }
  }

  /// The animations end: runs the completions kept so far.
  public func finishAnimations() {
    for completion in completions { completion() }
    completions.removeAll(keepingCapacity: true)
  }

  /// Installs the snapshot.
  public func reloadData(installing install: () -> Void) { install() }
  /// Does nothing: there are no cells.
  public func reconfigureItems(at positions: [ItemPosition]) {}
  /// None: nothing is shown.
  public var visibleItemPositions: [ItemPosition] { [] }
  /// Never: nothing is shown.
  public func isItemVisible(at position: ItemPosition) -> Bool { false }
  /// None.
  public var liveCells: [AnyObject] { [] }
  /// Always, so that lists are applied as batches rather than reloads.
  public var isInWindow: Bool { true }
  /// ``rowsPerScreen``.
  public var itemsPerScreen: Int { rowsPerScreen }
}

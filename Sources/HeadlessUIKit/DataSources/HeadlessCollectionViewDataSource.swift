import Foundation

// Optional in UIKit, requirements with defaults here (no `@objc optional` without the
// Objective-C runtime): each default does what UIKit does without the method.

/// The collection view's data source (`UICollectionViewDataSource` where UIKit does not exist).
@MainActor
public protocol HeadlessCollectionViewDataSource: AnyObject {
  /// The number of sections; 1 by default.
  func numberOfSections(in collectionView: HeadlessCollectionView) -> Int
  /// The number of items in a section.
  func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// A cell for the item, dequeued from the collection view within this call.
  func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath)
    -> HeadlessCollectionViewCell
  /// A supplementary view (a section header or footer), dequeued within this call. UIKit
  /// requires it once the layout has supplementary views: without it, the view raises as
  /// UIKit does when the method is missing.
  func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView
  /// The titles of the index along the side; none by default.
  func indexTitles(for collectionView: HeadlessCollectionView) -> [String]?
  /// Where a tap on an index title scrolls to; the first item of the title's section by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
  /// Whether an item can be reordered; `false` by default.
  func collectionView(_ collectionView: HeadlessCollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool
  /// The user moved an item; the collection view already shows it at its new place. Does
  /// nothing by default.
  func collectionView(
    _ collectionView: HeadlessCollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension HeadlessCollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { 1 }
  /// No view: UIKit gets `nil` from a data source without this method, and raises when its
  /// layout asks for a supplementary view; the collection view reports it.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> HeadlessCollectionReusableView {
    MissingSupplementaryView(frame: .zero)
  }
  /// No index.
  public func indexTitles(for collectionView: HeadlessCollectionView) -> [String]? { nil }
  /// The first item of the section at the title's index.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { IndexPath(section: index, index: 0) }
  /// No item can be reordered.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool { false }
  /// Ignores the move.
  public func collectionView(
    _ collectionView: HeadlessCollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

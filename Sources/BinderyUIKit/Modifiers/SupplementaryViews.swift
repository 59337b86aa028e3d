import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// A collection view's supplementary views, made and configured by the binding.

extension CollectionBinding {
  /// A collection view's supplementary views of a kind — section headers or footers — made
  /// from `viewClass` (registered here) and configured with their sections. When a section's value
  /// changes, its existing views are configured again in place; no item is replaced.
  ///
  /// ```swift
  /// collectionView.bind(to: .sectionedPublisher(viewModel.$teams)) { … }
  ///   .supplementaryViews(ofKind: UICollectionView.elementKindSectionHeader, TeamHeader.self) {
  ///     header, team, indexPath in header.title = team.name
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  public func supplementaryViews<View: UICollectionReusableView>(
    ofKind kind: String, _ viewClass: View.Type,
    configure: @escaping @MainActor (View, Section, IndexPath) -> Void
  ) -> Self {
    guard let adapter = liveAdapter(), let collectionView else { return self }
    let identifier = "Bindery.\(kind).\(String(describing: viewClass))"
    collectionView.register(
      viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    adapter.features.supplementaryViews[kind] = .init(reuseIdentifier: identifier) {
      view, section, indexPath in
      if let view = view as? View { configure(view, section, indexPath) }
    }
    return self
  }

  /// A collection view's supplementary views of a kind — section headers or footers, a list
  /// layout's supplementary header mode — dequeued and configured with `registration` (made
  /// once, before binding, for the same kind). Read the section with
  /// `section(at:)` in its handler. UIKit gives no way to run a registration's handler again,
  /// so a view already on screen is not updated when its section's value changes; for headers
  /// that show a section's changing value, use ``supplementaryViews(ofKind:_:configure:)`` or
  /// ``ViewBinding/headerTitles(_:)``, which update in place.
  public func supplementaryViews<View>(
    ofKind kind: String, using registration: UICollectionView.SupplementaryRegistration<View>
  ) -> Self {
    guard let adapter = liveAdapter() else { return self }
    adapter.features.supplementaryRegistrations[kind] = { collectionView, path in
      collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: path)
    }
    return self
  }
}

import Bindery
import Foundation

#if canImport(UIKit)
  import UIKit
#else
  import HeadlessUIKit
#endif

// Changes that need another cell. UIKit's reconfigure hands the cell provider the cell the row
// has, and raises when the provider dequeues another reuse identifier or registration: a
// provider that picks its cell from what it shows says so, and those rows are reloaded.

extension ViewBinding {
  /// Chooses, for each diffed content change (same id, new value), between a reconfigure —
  /// the same cell, configured again, which UIKit requires be dequeued with the same reuse
  /// identifier — and a reload, which replaces the cell. Return `true` when the change needs
  /// another cell. Reloads go in a batch of their own, before the reconfigures. Without this
  /// modifier (or `replacesCells(byKind:)`) every content change is a
  /// reconfigure.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates)) { … }
  ///   .replacesCells(when: { old, new in old.isAway != new.isAway })
  /// ```
  ///
  /// This sees only changes the diff finds. A cell that follows late content or observed
  /// state changes without a new list: for those, declare the kind with
  /// `replacesCells(byKind:)`.
  public func replacesCells(
    when needsNewCell: @escaping @MainActor (_ old: Item, _ new: Item) -> Bool
  )
    -> Self
  {
    liveAdapter()?.features.reloadWhen = needsNewCell
    return self
  }

  /// Declares the kind of cell the cell provider dequeues for an item — its reuse identifier,
  /// its registration, anything that tells them apart — so that a row whose kind changes gets
  /// a new cell (a reload, keeping the reader's place) where UIKit would raise at a
  /// reconfigure. Applies to every change: a new list's, an observed property's
  /// (an `@Observable` item's `isAway` read by the provider) and a late content's.
  ///
  /// ```swift
  /// tableView.bind(to: .observing { model.mates }) { tableView, indexPath, mate in
  ///   let cell = tableView.dequeueReusableCell(
  ///     withIdentifier: mate.isAway ? "away" : "mate", for: indexPath)
  ///   …
  /// }
  /// .replacesCells(byKind: { mate in mate.isAway ? "away" : "mate" })
  /// ```
  ///
  /// `kind` must give what the provider decides on, from the same values: Bindery compares
  /// its answer now with its answer when the row's cell was configured.
  ///
  /// - Complexity: `kind` runs once per cell configured, and once per row changed in place.
  public func replacesCells<Kind: Hashable>(
    byKind kind: @escaping @MainActor (_ item: Item) -> Kind
  ) -> Self {
    liveAdapter()?.features.cellKind = { AnyHashable(kind($0)) }
    return self
  }

  /// Declares the kind of cell the cell provider dequeues for an item and the phase of its late
  /// content — a placeholder cell until the photo arrives, a photo cell once it has — so that
  /// the row gets a new cell when its content changes its kind, where UIKit would raise at a
  /// reconfigure. Applies to content arrivals, failures and evictions, and to every other
  /// change as ``replacesCells(byKind:)`` does.
  ///
  /// ```swift
  /// tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
  ///   tableView, indexPath, mate, avatar in
  ///   let identifier = avatar.content == nil ? "placeholder" : "photo"
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
  ///   …
  /// }
  /// .replacesCells(byKind: { _, avatar in avatar == .loaded ? "photo" : "placeholder" })
  /// ```
  ///
  /// `avatar` is the phase of the state the provider is handed (`ContentState.phase`): content
  /// a cell goes on showing while its item's new key loads counts as loaded. A binding without
  /// late content reports the misuse on `errors` and changes nothing.
  ///
  /// - Complexity: `kind` runs once per cell configured, and once per row changed in place.
  public func replacesCells<Kind: Hashable>(
    byKind kind: @escaping @MainActor (_ item: Item, _ content: ContentPhase) -> Kind
  ) -> Self {
    let modifier = #function
    guard let adapter = liveAdapter(for: modifier) else { return self }
    guard let phase = adapter.contentPhase else {
      reportMisuse(
        modifier, "the binding has no late content: bind(to:content:cellProvider:) binds one")
      return self
    }
    adapter.features.cellKind = { item in AnyHashable(kind(item, phase(item))) }
    return self
  }
}

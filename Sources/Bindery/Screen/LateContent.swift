/// A bound list's late content, as one value: the store each item's content comes from, the
/// key it is stored under, how far ahead it is prefetched, and whether showing rows waits for
/// it. Made with ``store(_:prefetching:holdingFirstDisplay:holdingNewRows:)``, and given to
/// `bind(to:content:cellProvider:)`, whose cell provider then receives each item's
/// ``ContentState``.
///
/// ```swift
/// tableView.bind(to: .publisher(viewModel.$mates), content: .store(avatars)) {
///   tableView, indexPath, mate, avatar in …
/// }
/// ```
public struct LateContent<Item, Key: Hashable & Sendable, Content: Sendable> {
  /// Where the content comes from; shared by any number of screens.
  public let store: ContentStore<Key, Content>
  /// The key of an item's content in ``store``.
  public let contentKey: (Item) -> Key
  /// How far ahead content is loaded.
  public let prefetching: Prefetching
  /// How long, from the bind, the first list with rows may wait for its first screen's
  /// content; `nil` shows it at once.
  public let firstDisplayHold: Duration?
  /// How long an update that inserts rows on screen may wait for their content; `nil` shows
  /// it at once.
  public let newRowHold: Duration?

  /// Late content keyed by what determines it rather than by the item's id — an id with a
  /// version, a URL — so that content that changes under the same id loads afresh, while the
  /// cell keeps showing the old until it arrives.
  ///
  /// - Parameters:
  ///   - store: where the content comes from.
  ///   - contentKey: the key of an item's content in `store`; cheap, and the same for equal
  ///     items.
  ///   - prefetching: how far ahead content is loaded; ``Prefetching/automatic`` by default.
  ///   - holdingFirstDisplay: keeps the first list with rows from showing until its first
  ///     screen's content is loaded or failed, or this long has passed since the bind; `nil`
  ///     (the default) shows it at once. Lists without rows before it (a view model's initial
  ///     `[]`) are shown at once.
  ///   - holdingNewRows: holds every later update that inserts rows on screen until their
  ///     content is loaded or failed, or this long has passed (keep it short: 150–300 ms), so
  ///     that new rows appear complete; lists sent meanwhile coalesce behind it. `nil` (the
  ///     default) shows updates at once.
  ///
  /// Both holds wait for content that prefetching asked for: with ``Prefetching/never`` they
  /// hold nothing, and the binding says so on `errors` (`BindingError.modifierDoesNotApply`).
  public static func store(
    _ store: ContentStore<Key, Content>, keyedBy contentKey: @escaping (Item) -> Key,
    prefetching: Prefetching = .automatic, holdingFirstDisplay: Duration? = nil,
    holdingNewRows: Duration? = nil
  ) -> Self {
    LateContent(
      store: store, contentKey: contentKey, prefetching: prefetching,
      firstDisplayHold: holdingFirstDisplay, newRowHold: holdingNewRows)
  }
}

extension LateContent where Item: Identifiable, Key == Item.ID {
  /// Late content keyed by the items' ids: each item's content is `store`'s for its id. See
  /// ``store(_:keyedBy:prefetching:holdingFirstDisplay:holdingNewRows:)`` for the parameters.
  public static func store(
    _ store: ContentStore<Key, Content>, prefetching: Prefetching = .automatic,
    holdingFirstDisplay: Duration? = nil, holdingNewRows: Duration? = nil
  ) -> Self {
    // A closure, not the key path `\.id`: applied in code not specialized for the app's types,
    // a key path is walked at each call.
    LateContent(
      store: store, contentKey: { $0.id }, prefetching: prefetching,
      firstDisplayHold: holdingFirstDisplay, newRowHold: holdingNewRows)
  }
}

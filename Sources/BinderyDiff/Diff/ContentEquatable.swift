/// An item whose content is compared by ``isContentEqual(to:)`` rather than `==`.
///
/// The diff reconfigures a matched item (same `id`) when its content changed, and by default
/// content is `==`. Adopt this for items whose `==` compares identity only — a class that
/// inherits `==` from `NSObject`, a model whose `Equatable` looks at the id — so that their
/// changes are still seen:
///
/// ```swift
/// extension Mate: ContentEquatable {
///   func isContentEqual(to other: Mate) -> Bool {
///     name == other.name && status == other.status
///   }
/// }
/// ```
///
/// Every diff — ``StagedChangeset/init(from:to:)``, and every binding — uses it, with no other
/// change. Items that do not adopt it pay nothing: the choice is made once per diff.
public protocol ContentEquatable {
  /// Whether `other` shows the same content as `self`; `self` and `other` have the same `id`.
  func isContentEqual(to other: Self) -> Bool
}

/// For an item type that adopts ``ContentEquatable``, its comparison; `nil` for any other.
@inlinable
func contentEquality<Item>(of type: Item.Type) -> ((Item, Item) -> Bool)? {
  guard let adopting = type as? any ContentEquatable.Type else { return nil }
  return comparison(adopting, as: Item.self)
}

/// Opens the existential metatype: `Adopting` is `Item` at run time.
@inlinable
func comparison<Adopting: ContentEquatable, Item>(_ type: Adopting.Type, as item: Item.Type)
  -> (Item, Item) -> Bool
{
  { lhs, rhs in
    guard let lhs = lhs as? Adopting, let rhs = rhs as? Adopting else { return false }
    return lhs.isContentEqual(to: rhs)
  }
}

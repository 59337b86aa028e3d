import BinderyDiff

// The first seed's own bug, named: an item whose `==` compares its id alone (identity kept for a
// `Set`, or inherited from `NSObject`) hides every change of content, and the rows go on showing
// what they showed, silently. Debug builds look for it; release builds compile none of this.

#if DEBUG
  /// Looks, in a new list, for two values with the same id that the item's `==` calls equal
  /// while a stored property differs between them.
  package enum EqualityProbe {
    /// The item types already reported (or found to adopt `ContentEquatable`): each is looked
    /// at until it is reported, and reported once per process.
    private static let reported = Locked<Set<ObjectIdentifier>>([])

    /// The most pairs looked at per list: enough to meet a change in a list that has them, few
    /// enough to cost a debug build little on a long one.
    static let pairsPerList = 256

    /// The misuse `next` shows against `previous`, the first time its item type shows one.
    ///
    /// - Complexity: O(min(n, ``pairsPerList``)) reflections of the items' stored properties.
    package static func misuse<Section, Item>(
      from previous: Snapshot<Section, Item>, to next: Snapshot<Section, Item>
    ) -> EqualityMisuse? {
      // An item that says what its content is has decided; it is not looked at.
      guard !(Item.self is any ContentEquatable.Type) else { return nil }
      let type = ObjectIdentifier(Item.self)
      guard !reported.withLock({ $0.contains(type) }), previous.numberOfItems > 0 else {
        return nil
      }
      var looked = 0
      for section in 0..<next.numberOfSections {
        for item in next.items(inSection: section) {
          guard looked < pairsPerList else { return nil }
          guard let before = previous.item(withID: item.id) else { continue }
          looked += 1
          guard before == item, let property = differingProperty(before, item) else { continue }
          // Another binding of the same type may have found it first.
          guard reported.withLock({ $0.insert(type).inserted }) else { return nil }
          return EqualityMisuse(typeName: String(reflecting: Item.self), property: property)
        }
      }
      return nil
    }

    /// The label of the first stored property that differs between `lhs` and `rhs` — compared
    /// by `==` where the property's type is `Equatable`, by its description otherwise — or
    /// `nil` when none does (or the values show no properties).
    package static func differingProperty(_ lhs: Any, _ rhs: Any) -> String? {
      let left = Mirror(reflecting: lhs)
      let right = Mirror(reflecting: rhs)
      guard left.children.count == right.children.count else { return nil }
      for (index, (mine, theirs)) in zip(left.children, right.children).enumerated() {
        let same: Bool
        if let equatable = mine.value as? any Equatable {
          same = isEqual(equatable, theirs.value)
        } else {
          same = String(reflecting: mine.value) == String(reflecting: theirs.value)
        }
        if !same { return mine.label ?? "property \(index)" }
      }
      return nil
    }

    private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
      guard let other = other as? Value else { return false }
      return value == other
    }
  }
#endif

/// A value of the app's, identified by a property it names: the item a list of values that are
/// not `Identifiable` is bound with (`[String]` by `\.self`, a model by `\.userID`), without
/// conforming them. Its content is the whole value: two with the same id differ when the values
/// do. Its properties read through it: `mate.name` is `mate.value.name`.
@dynamicMemberLookup
public struct Identified<Value: Equatable & Sendable, ID: Hashable & Sendable>: Identifiable,
  Equatable, Sendable
{
  /// The app's value.
  public var value: Value
  /// Its identity, read by the key path the list was bound with.
  public let id: ID

  /// The value, identified by the property at `id`.
  ///
  /// - Complexity: O(1).
  public init(_ value: Value, id: KeyPath<Value, ID> & Sendable) {
    self.value = value
    self.id = value[keyPath: id]
  }

  /// A property of the value.
  public subscript<Property>(dynamicMember keyPath: KeyPath<Value, Property>) -> Property {
    value[keyPath: keyPath]
  }
}

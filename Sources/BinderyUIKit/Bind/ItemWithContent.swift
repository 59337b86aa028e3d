import Bindery

/// An item and the state of its late content, as a cell registration receives them when a
/// binding has late content (`bind(to:content:using:)`). Reads the item's properties directly:
/// `mate.name` as well as `mate.item.name`.
@dynamicMemberLookup
public struct ItemWithContent<Item, Content: Sendable> {
  /// The item.
  public let item: Item
  /// Its content: loading, loaded, failed or not requested.
  public let content: ContentState<Content>

  /// An item and its content's state.
  public init(item: Item, content: ContentState<Content>) {
    self.item = item
    self.content = content
  }

  /// A property of the item.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Item, Value>) -> Value {
    item[keyPath: keyPath]
  }
}

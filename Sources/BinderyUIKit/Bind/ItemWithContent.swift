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

/// An item and the states of its two kinds of late content, as a cell registration receives
/// them when a binding has two (`bind(to:content:_:using:)`): an app's icon and its
/// screenshots, each from its own store. Reads the item's properties directly, as
/// ``ItemWithContent`` does.
@dynamicMemberLookup
public struct ItemWithTwoContents<Item, Content: Sendable, SecondContent: Sendable> {
  /// The item.
  public let item: Item
  /// The first kind of content's state: the binding's `content:`.
  public let content: ContentState<Content>
  /// The second kind's: the content given after it.
  public let secondContent: ContentState<SecondContent>

  /// An item and the states of its two kinds of content.
  public init(
    item: Item, content: ContentState<Content>, secondContent: ContentState<SecondContent>
  ) {
    self.item = item
    self.content = content
    self.secondContent = secondContent
  }

  /// A property of the item.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Item, Value>) -> Value {
    item[keyPath: keyPath]
  }
}

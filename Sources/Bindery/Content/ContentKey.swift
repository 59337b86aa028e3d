/// A content key that carries what its loader needs besides the key — the item a row shows,
/// the parameters of a request — so that a loader gets the item without keying the store by
/// the whole item. To the store it is its `id`: equal, hashed, cached and loaded once by `id`
/// alone; the loader reads `context`:
///
/// ```swift
/// extension SavedApp {
///   var detailKey: ContentKey<String, SavedApp> { ContentKey(id, context: self) }
/// }
/// let details = ContentStore<ContentKey<String, SavedApp>, SavedAppDetail>(publisher: { key in
///   appFolderUsecase.readSavedAppDetail(of: key.context)
/// })
/// tableView.bind(to: …, content: .store(details, keyedBy: \.detailKey)) { … }
/// ```
///
/// The load of an id gets the context of the request that started it; later requests of the
/// same id (the item renamed since) share its content while the store keeps it. Content that
/// depends on more than the id is keyed by more: put it in `id`.
public struct ContentKey<ID: Hashable & Sendable, Context: Sendable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// What the content is of: the key's identity.
  public let id: ID
  /// What the loader needs besides `id`; not part of the key's identity.
  public let context: Context

  /// The key `id`, carrying `context` to the loader.
  public init(_ id: ID, context: Context) {
    self.id = id
    self.context = context
  }

  /// Whether two keys are of the same content: their ids alone.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

  /// Hashes the id alone.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// The id's description: what logs and errors name the key by.
  public var description: String { String(describing: id) }
}

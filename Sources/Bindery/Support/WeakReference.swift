/// A weak reference, for what outlives an object and must not keep it alive: the diff worker
/// and its binding, a load's completions and their store, the cells on screen.
@usableFromInline @MainActor
final class WeakReference<Object: AnyObject> {
  @usableFromInline weak var _value: Object?

  /// An empty reference. Nonisolated, so that what holds one can make it anywhere; setting and
  /// reading it need the main actor.
  @usableFromInline
  nonisolated init() {}

  /// A reference to `value`.
  @usableFromInline
  convenience init(_ value: Object) {
    self.init()
    self._value = value
  }
}

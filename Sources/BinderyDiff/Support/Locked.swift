#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value behind a mutex, for the few places Bindery shares mutable state across threads: an
/// id table built once, a binding's inbox, the interest a released screen must give back.
///
/// A pthread mutex rather than `Synchronization.Mutex`, which needs iOS 18; Bindery runs on 16.
///
/// `State` need not be `Sendable`, as with `Mutex`: the state is only reached inside
/// ``withLock(_:)``, one thread at a time, so the lock is what makes sharing it safe. What a body
/// must not do is let a reference into the state escape the lock — the id tables kept here are
/// built once and only read after, and the inbox hands lists out by value.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  @usableFromInline let _mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Unchecked for overlapping access at run time: only ``withLock(_:)`` reaches it, holding
  /// the mutex, which already keeps every other access out (one from `body` would deadlock).
  @usableFromInline @exclusivity(unchecked) var _state: State

  /// Wraps an initial value.
  package init(_ state: State) {
    _mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    _mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(_mutex, nil)
    self._state = state
  }

  deinit {
    pthread_mutex_destroy(_mutex)
    _mutex.deinitialize(count: 1)
    _mutex.deallocate()
  }

  /// Runs `body` with the value, holding the mutex. `body` must not call back into the same
  /// lock.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(_mutex)
    defer { pthread_mutex_unlock(_mutex) }
    return try body(&_state)
  }
}

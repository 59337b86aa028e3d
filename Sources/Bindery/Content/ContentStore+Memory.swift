// The store's time while the app is away, and what it sheds when memory runs short.

extension ContentStore {
  /// Stops the store's time while the app is in the background (BinderyUIKit's bindings do this
  /// from UIKit's notifications): a load under way when the app is suspended is not timed out
  /// for the time it was away, and a retry waits the time it was to wait once the app is back.
  /// Loads go on running; calling it again changes nothing.
  public func pauseTime() {
    guard time.pause() else { return }
  }

  /// Whether the store's time stands still (``pauseTime()``).
  public var isTimePaused: Bool { time.isPaused }

  /// Lets the store's time go on from where ``pauseTime()`` stopped it: each load's timeout and
  /// each retry counts from there.
  public func resumeTime() {
    guard time.resume() else { return }
    _watchdog?.task.cancel()
    _watchdog = nil
    let deadlines = [_scheduler.earliestDeadline, _records.earliestRetry].compactMap { $0 }
    if let earliest = deadlines.min() { armWatchdog(by: earliest) }
  }

  /// Sheds cached content nobody wants — what was wanted least recently first — until the
  /// cache's total cost is at most `cost`. Content someone wants (on screen, or in a prefetch
  /// window) stays, so no cell loses what it shows. On iOS a bound store purges everything it
  /// can when the app receives a memory warning.
  ///
  /// - Complexity: O(n) in the cached entries.
  public func purge(downToCost cost: Int = 0) {
    let purged = _cache.purge(downToCost: max(0, cost)) { self._records.interest(in: $0) > 0 }
    _counted.purged += purged
  }

  /// Forgets a key's content and failure, to force a fresh load: at once if someone wants the
  /// key (its observers are told, so the cells showing it ask again), else on the next request.
  public func evict(_ key: Key) {
    _cache.remove(key)
    _forgetFailure(of: key)
    if _records.interest(in: key) > 0 { load(key, priority: .visible) }
    announce(key)
  }
}

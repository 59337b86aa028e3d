/// A ``ContentStore``'s record of one key's last failed load, from which a cell's
/// ``ContentFailure`` is made: the error, how many attempts failed in a row, and when (if
/// ever) the next may start.
@usableFromInline
struct FailureRecord: Sendable {
  @usableFromInline let _error: ContentError
  @usableFromInline let _attempts: Int
  /// When a retry may start; `nil` for a failure no retry can fix.
  @usableFromInline let _retryTime: Duration?
  @usableFromInline let _priority: ContentPriority

  @inlinable
  init(error: ContentError, attempts: Int, retryTime: Duration?, priority: ContentPriority) {
    self._error = error
    self._attempts = attempts
    self._retryTime = retryTime
    self._priority = priority
  }

  /// Content the cache would not keep (`cost` against its `limit`): a failure no retry can
  /// fix until interest in the key ends.
  @inlinable
  static func notCached(cost: Int, limit: Int, priority: ContentPriority) -> FailureRecord {
    FailureRecord(
      error: .notCached(cost: cost, costLimit: limit), attempts: 1, retryTime: nil,
      priority: priority)
  }
}

/// When a failed key's automatic retry is due, and its place among the retries scheduled.
@usableFromInline
struct RetryDue: Sendable {
  @usableFromInline let _time: Duration
  @usableFromInline let _order: UInt64

  @inlinable
  init(time: Duration, order: UInt64) {
    self._time = time
    self._order = order
  }
}

/// Where a key's loading is. Whether its content is cached is the cache's to say: a cached key
/// is `idle`.
@usableFromInline
enum LoadPhase: Sendable {
  /// Nothing under way and no failure kept.
  case idle
  /// Queued, running, or ended with a result the main actor has not taken yet (so it is never
  /// started twice). `retrying` is the failure this load tries again: its attempts count on.
  case loading(retrying: FailureRecord?)
  /// The last load failed; `retry` is when the store tries again by itself, once scheduled
  /// (only while someone wants the key).
  case failed(FailureRecord, retry: RetryDue?)
}

/// Everything a ``ContentStore`` knows of one key besides its content: how much interest there
/// is in it and where its loading is. One value, so that one lookup answers a read and the two
/// cannot disagree.
@usableFromInline
struct KeyRecord: Sendable {
  /// Units of interest held; 0 when nobody wants the key.
  @usableFromInline var _interest = 0
  @usableFromInline var _phase = LoadPhase.idle

  @inlinable init() {}

  /// The failure kept for the key: the one shown, or the one its load retries.
  @inlinable
  var failure: FailureRecord? {
    switch _phase {
    case .idle: nil
    case .loading(let retrying): retrying
    case .failed(let failure, _): failure
    }
  }

  @inlinable
  var isLoading: Bool {
    if case .loading = _phase { return true }
    return false
  }

  @inlinable
  var scheduledRetry: RetryDue? {
    if case .failed(_, let retry) = _phase { return retry }
    return nil
  }

  /// A record that says nothing: the table does not keep it.
  @inlinable
  var isEmpty: Bool {
    if _interest == 0, case .idle = _phase { return true }
    return false
  }
}

/// A ``ContentStore``'s records, one per key it is tracking: a key has one while someone wants
/// it, while it loads, or while its failure is kept. It counts the keys wanted and the retries
/// scheduled as records change, so that neither needs a pass over the table.
///
/// - Complexity: reads are one lookup; ``update(_:_:)`` is one, plus one to drop a record
///   that becomes empty.
@usableFromInline
struct KeyRecords<Key: Hashable> {
  @usableFromInline private(set) var _records: [Key: KeyRecord] = [:]
  /// How many keys have interest.
  @usableFromInline private(set) var _interestedCount = 0
  /// How many keys have a retry scheduled.
  @usableFromInline private(set) var _scheduledRetryCount = 0

  @inlinable init() {}

  /// A key's record; an empty one for a key the table does not track.
  @inlinable
  subscript(key: Key) -> KeyRecord { _records[key] ?? KeyRecord() }

  /// How much interest there is in `key`.
  @inlinable
  func interest(in key: Key) -> Int { _records[key]?._interest ?? 0 }

  /// Changes a key's record in place (an empty one for a key not tracked) and returns what
  /// `change` returns; a record left empty is dropped.
  @inlinable @discardableResult
  mutating func update<Result>(_ key: Key, _ change: (inout KeyRecord) -> Result) -> Result {
    var interestDelta = 0
    var retryDelta = 0
    var isEmpty = false
    let result = Self.modify(&_records[key, default: KeyRecord()]) { record in
      let wasInterested = record._interest > 0
      let hadRetry = record.scheduledRetry != nil
      let result = change(&record)
      interestDelta = (record._interest > 0 ? 1 : 0) - (wasInterested ? 1 : 0)
      retryDelta = (record.scheduledRetry != nil ? 1 : 0) - (hadRetry ? 1 : 0)
      isEmpty = record.isEmpty
      return result
    }
    _interestedCount += interestDelta
    _scheduledRetryCount += retryDelta
    if isEmpty { _records[key] = nil }
    return result
  }

  @inlinable
  static func modify<Result>(
    _ record: inout KeyRecord, _ change: (inout KeyRecord) -> Result
  ) -> Result {
    change(&record)
  }

  /// The keys whose retry is due by `time`, in the order the retries were scheduled, with the
  /// failures they retry.
  ///
  /// - Complexity: O(n) in the records while any retry is scheduled; O(1) otherwise.
  func retries(dueBy time: Duration) -> [(key: Key, failure: FailureRecord)] {
    guard _scheduledRetryCount > 0 else { return [] }
    var due: [(key: Key, failure: FailureRecord, order: UInt64)] = []
    for (key, record) in _records {
      guard case .failed(let failure, let retry?) = record._phase, retry._time <= time else {
        continue
      }
      due.append((key, failure, retry._order))
    }
    // In the order they were scheduled: which start now and which wait for a slot must not
    // depend on how a dictionary lays its keys out.
    return due.sorted { $0.order < $1.order }.map { ($0.key, $0.failure) }
  }

  /// When the earliest scheduled retry is due; `nil` when none is.
  ///
  /// - Complexity: O(n) in the records while any retry is scheduled; O(1) otherwise.
  var earliestRetry: Duration? {
    guard _scheduledRetryCount > 0 else { return nil }
    return _records.values.lazy.compactMap(\.scheduledRetry?._time).min()
  }

  #if DEBUG
    /// Checks that no empty record is kept and that the counts are the records'.
    func _checkInvariants() {
      precondition(!_records.values.contains(where: \.isEmpty), "no empty records")
      precondition(_records.values.allSatisfy { $0._interest >= 0 }, "interest is never negative")
      precondition(
        _interestedCount == _records.values.count(where: { $0._interest > 0 }),
        "the count of keys wanted is the records'")
      precondition(
        _scheduledRetryCount == _records.values.count(where: { $0.scheduledRetry != nil }),
        "the count of retries scheduled is the records'")
      for record in _records.values where record.scheduledRetry != nil {
        precondition(record._interest > 0, "a retry is for a key someone wants")
      }
    }
  #endif
}

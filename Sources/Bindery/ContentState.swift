/// Where a ``ContentStore`` is with one key, as a cell provider reads it.
public enum ContentState<Content: Sendable>: Sendable {
  /// Nobody asked for it yet, or it was evicted or cancelled.
  case notRequested
  /// A load is queued or running.
  case loading
  /// Here it is.
  case loaded(Content)
  /// The last load failed; ``ContentFailure/retryIn`` says when the store tries again.
  indirect case failed(ContentFailure)

  /// The content, if loaded.
  @inlinable
  public var content: Content? {
    if case .loaded(let content) = self { return content }
    return nil
  }

  /// The failure, if the last load failed.
  @inlinable
  public var failure: ContentFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

/// Why a key has no content, and when the store tries again.
public struct ContentFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var error: ContentError
  /// How many loads in a row have failed.
  public var attempts: Int
  /// How long until the store tries again by itself, measured on its clock when the state was
  /// read; `nil` when no retry is scheduled: nobody wants the key any more, or the failure is
  /// one a retry cannot fix (``ContentError/notCached(cost:costLimit:)``).
  public var retryIn: Duration?

  /// Describes a failure.
  public init(error: ContentError, attempts: Int, retryIn: Duration?) {
    self.error = error
    self.attempts = attempts
    self.retryIn = retryIn
  }

  /// The error, the attempts, and the retry.
  public var description: String {
    let retry = retryIn.map { "retrying in \($0)" } ?? "not retrying"
    return "\(error) (\(attempts) attempt\(attempts == 1 ? "" : "s"), \(retry))"
  }
}

/// Why a load failed.
public enum ContentError: Error, Sendable, CustomStringConvertible {
  /// The loader did not finish within the store's timeout.
  case timedOut(Duration)
  /// The loader threw.
  case loaderFailed(any Error)
  /// The content loaded but the cache could not keep it: it costs more than the cache can hold,
  /// or everything cached was on screen. It was delivered to the cells that showed its key; it
  /// is loaded again only when the key is requested after interest in it had ended, so that a
  /// cache too small for a screen never loads in a loop.
  case notCached(cost: Int, costLimit: Int)

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .timedOut(let limit): "The load took longer than \(limit)"
    case .loaderFailed(let error): "The loader failed: \(error)"
    case .notCached(let cost, let limit):
      "The content (cost \(cost)) could not be kept within the cache's limit of \(limit)"
    }
  }
}

/// How urgently a key is wanted; a waiting request runs before lower ones.
public enum ContentPriority: Int, Sendable, Comparable, CaseIterable {
  /// Ahead of the scroll: wanted soon.
  case prefetch
  /// On screen now.
  case visible

  /// `prefetch` < `visible`.
  public static func < (lhs: ContentPriority, rhs: ContentPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

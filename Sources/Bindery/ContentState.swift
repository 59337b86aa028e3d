/// Where a ``ContentStore`` is with one key, as a cell provider reads it.
public enum ContentState<Content: Sendable>: Sendable {
  /// Nobody asked for it yet, or it was evicted or cancelled.
  case notRequested
  /// A load is queued or running.
  case loading
  /// Here it is.
  case loaded(Content)
  /// The last load failed; a request after the backoff tries again.
  case failed(ContentError)

  /// The content, if loaded.
  public var content: Content? {
    if case .loaded(let content) = self { return content }
    return nil
  }
}

/// Why a load failed.
public enum ContentError: Error, Sendable, CustomStringConvertible {
  /// The loader did not finish within the store's timeout.
  case timedOut(Duration)
  /// The loader threw.
  case loaderFailed(any Error)

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .timedOut(let limit): "The load took longer than \(limit)"
    case .loaderFailed(let error): "The loader failed: \(error)"
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

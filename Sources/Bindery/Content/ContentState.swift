/// Where a ``ContentStore`` is with one key, as a cell provider reads it.
public enum ContentState<Content: Sendable>: Sendable {
  /// Nobody asked for it yet, or it was evicted or cancelled.
  case notRequested
  /// A load is queued or running.
  case loading
  /// The content arrived; a cell shows it.
  case loaded(Content)
  /// The last load failed; ``ContentFailure/retryIn`` says when the store tries again.
  indirect case failed(ContentFailure)

  /// The content, if loaded.
  @inlinable
  public var content: Content? {
    if case .loaded(let content) = self { return content }
    return nil
  }

  /// Which of the four states this is, without the content or the failure.
  @inlinable
  public var phase: ContentPhase {
    switch self {
    case .notRequested: .notRequested
    case .loading: .loading
    case .loaded: .loaded
    case .failed: .failed
    }
  }

  /// The failure, if the last load failed.
  @inlinable
  public var failure: ContentFailure? {
    if case .failed(let failure) = self { return failure }
    return nil
  }
}

extension ContentState {
  /// What a cell shows for this state, one value for each — the default drawing of late
  /// content:
  ///
  /// - ``loaded(_:)``: the content.
  /// - ``notRequested`` and ``loading`` (a retry running included): `placeholder` (`nil`:
  ///   nothing). Never what the reused cell showed for another row: a cell that kept its image
  ///   when the state had none would show another mate's avatar.
  /// - ``failed(_:)`` with a retry to come (``ContentFailure/allowsRetry``): `failed`, or the
  ///   placeholder when `nil` — the store tries again by itself while the row is wanted.
  /// - ``failed(_:)`` for good (a 404, "no photo"): `unavailable`, or `failed` when `nil`.
  ///
  /// ```swift
  /// cell.imageView?.image = avatar.shown(placeholder: silhouette, unavailable: noPhoto)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  public func shown(placeholder: Content?, failed: Content? = nil, unavailable: Content? = nil)
    -> Content?
  {
    switch self {
    case .loaded(let content): content
    case .notRequested, .loading: placeholder
    case .failed(let failure) where failure.allowsRetry: failed ?? placeholder
    case .failed: unavailable ?? failed ?? placeholder
    }
  }
}

/// Which of its states (``ContentState``) a key's content is in, without the content: what a
/// cell provider that picks another cell once the content arrives decides on.
public enum ContentPhase: Hashable, Sendable {
  /// Nobody asked for it yet, or it was evicted or cancelled.
  case notRequested
  /// A load is queued or running.
  case loading
  /// The content arrived.
  case loaded
  /// The last load failed.
  case failed
}

/// Why a key has no content, and when the store tries again.
public struct ContentFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var error: ContentError
  /// How many loads in a row have failed.
  public var attempts: Int
  /// How long until the store tries again by itself, measured on its clock when the state was
  /// read; `nil` when no retry is scheduled: nobody wants the key any more, or the failure is
  /// one a retry cannot fix (``ContentError/allowsRetry``).
  public var retryIn: Duration?

  /// Whether a retry could help: `false` for failures the store does not retry until interest
  /// in the key ends and comes back (a 404, a body that does not decode, content the cache
  /// cannot keep), so that a cell can show "unavailable" rather than "retrying".
  public var allowsRetry: Bool { error.allowsRetry }

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
  /// Whether trying again could help. A timeout can pass; a loader's error allows a retry
  /// unless it is a ``ContentLoaderError`` that says otherwise; content the cache cannot keep
  /// never fits by trying again.
  public var allowsRetry: Bool {
    switch self {
    case .timedOut: true
    case .loaderFailed(let error): (error as? any ContentLoaderError)?.allowsRetry ?? true
    case .notCached: false
    }
  }
}

/// An error a loader throws that says whether trying again could help.
///
/// A ``ContentStore`` retries a failed key with a growing backoff while anyone wants it. A
/// failure no retry can fix — a 404, a body that does not decode — should not be retried: throw
/// an error conforming to this protocol whose ``allowsRetry`` is `false` (or wrap any error in
/// ``PermanentLoadFailure``), and the store shows the failure without retrying until interest
/// in the key ends and comes back. `BinderyHTTP`'s errors conform.
public protocol ContentLoaderError: Error {
  /// Whether trying again could help.
  var allowsRetry: Bool { get }
}

/// Wraps a loader's error to say that retrying cannot help (``ContentLoaderError``).
public struct PermanentLoadFailure: ContentLoaderError, CustomStringConvertible {
  /// The error the loader met.
  public var underlying: any Error

  /// Marks `underlying` as a failure no retry can fix.
  public init(_ underlying: any Error) { self.underlying = underlying }

  /// Never: that is the point.
  public var allowsRetry: Bool { false }

  /// The underlying error, marked permanent.
  public var description: String { "\(underlying) (permanent)" }
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

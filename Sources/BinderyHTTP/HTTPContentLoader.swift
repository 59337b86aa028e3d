import Bindery
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why an HTTP load failed.
public enum HTTPLoadError: Error, Sendable, CustomStringConvertible {
  /// The server answered with a status outside 200–299.
  case status(Int, url: URL)
  /// The response was not an HTTP response.
  case notHTTP(url: URL)
  /// The key has no URL.
  case noURL

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .status(let code, let url): "HTTP \(code) from \(url.absoluteString)"
    case .notHTTP(let url): "Not an HTTP response from \(url.absoluteString)"
    case .noURL: "No URL for the key"
    }
  }
}

/// Loads content with a `GET` through `URLSession`: a request timeout, a status check, task
/// cancellation that cancels the request, and a caller-supplied decoder that runs on the
/// loading task, off the main actor.
public struct HTTPContentLoader: Sendable {
  /// The session requests go through.
  public let session: URLSession
  /// How long a request may wait for data before it fails.
  public let requestTimeout: Duration

  /// Creates a loader.
  public init(session: URLSession = .shared, requestTimeout: Duration = .seconds(15)) {
    self.session = session
    self.requestTimeout = requestTimeout
  }

  /// Fetches `url` and decodes the body.
  ///
  /// - Throws: ``HTTPLoadError`` for a status outside 200–299; `CancellationError` when the
  ///   task is cancelled (the request is cancelled too); `URLError` for transport failures and
  ///   timeouts; whatever `decode` throws.
  public func load<Content>(
    from url: URL, decode: @Sendable (Data) throws -> Content
  ) async throws -> Content {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.timeoutInterval =
      Double(requestTimeout.components.seconds)
      + Double(requestTimeout.components.attoseconds) / 1e18
    let (data, response) = try await fetch(request)
    guard let http = response as? HTTPURLResponse else { throw HTTPLoadError.notHTTP(url: url) }
    guard (200..<300).contains(http.statusCode) else {
      throw HTTPLoadError.status(http.statusCode, url: url)
    }
    return try decode(data)
  }

  /// A data task bridged to async, cancelled with the calling task on every platform.
  private func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
    let box = TaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            let cancelled = (error as? URLError)?.code == .cancelled
            continuation.resume(throwing: cancelled ? CancellationError() : error)
          } else if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }
  }
}

/// Holds a data task so that a cancellation that comes before or after it starts cancels it.
private final class TaskBox: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var isCancelled = false

  func start(_ task: URLSessionDataTask) {
    let cancelled = lock.withLock {
      self.task = task
      return isCancelled
    }
    if cancelled { task.cancel() }
    task.resume()
  }

  func cancel() {
    let task = lock.withLock {
      isCancelled = true
      return self.task
    }
    task?.cancel()
  }
}

extension ContentStore {
  /// A store that loads each key's content over HTTP.
  ///
  /// - Parameters:
  ///   - url: the URL for a key, or `nil` when it has none (that load fails with
  ///     ``HTTPLoadError/noURL``).
  ///   - loader: the HTTP loader (session and request timeout).
  ///   - decode: turns a response body into content, off the main actor.
  ///   - The other parameters are ``ContentStore``'s own.
  public convenience init(
    costLimit: Int = .max, countLimit: Int = 1_000, maximumConcurrentLoads: Int = 6,
    timeout: Duration = .seconds(30), retryBackoff: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    cost: @escaping @Sendable (Content) -> Int = { _ in 1 },
    url: @escaping @Sendable (Key) -> URL?, loader: HTTPContentLoader = HTTPContentLoader(),
    decode: @escaping @Sendable (Data) throws -> Content
  ) {
    self.init(
      costLimit: costLimit, countLimit: countLimit,
      maximumConcurrentLoads: maximumConcurrentLoads, timeout: timeout,
      retryBackoff: retryBackoff, clock: clock, cost: cost
    ) { key in
      guard let address = url(key) else { throw HTTPLoadError.noURL }
      return try await loader.load(from: address, decode: decode)
    }
  }
}

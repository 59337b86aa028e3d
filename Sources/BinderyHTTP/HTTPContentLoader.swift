import Bindery
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why an HTTP load failed.
///
/// Each case says whether a retry could help (``allowsRetry``), so that a ``ContentStore``
/// does not retry a 404 or a body that does not decode while a cell shows it.
public enum HTTPLoadError: Error, Sendable, CustomStringConvertible, ContentLoaderError {
  /// The server answered with a status outside 200–299.
  case status(Int, url: URL)
  /// The response was not an HTTP response.
  case notHTTP(url: URL)
  /// The key has no URL.
  case noURL
  /// The body is larger than the loader's ``HTTPContentLoader/maximumBodySize``: declared so
  /// in its `Content-Length` (refused before reading), or found so while reading (the transfer
  /// is cancelled as soon as the limit is passed).
  case bodyTooLarge(limit: Int, url: URL)
  /// The body arrived but the decoder threw.
  case decoding(any Error, url: URL)

  /// What happened, in a sentence.
  public var description: String {
    switch self {
    case .status(let code, let url): "HTTP \(code) from \(url.absoluteString)"
    case .notHTTP(let url): "Not an HTTP response from \(url.absoluteString)"
    case .noURL: "No URL for the key"
    case .bodyTooLarge(let limit, let url):
      "The body from \(url.absoluteString) is larger than \(limit) bytes"
    case .decoding(let error, let url):
      "The body from \(url.absoluteString) did not decode: \(error)"
    }
  }

  /// Whether trying again could help: for a server error (5xx), a request timeout (408), a
  /// rate limit (429) and a response that was not HTTP; not for another client error (4xx), a
  /// missing URL, a body too large or one that does not decode.
  public var allowsRetry: Bool {
    switch self {
    case .status(let code, _): !(400..<500).contains(code) || code == 408 || code == 429
    case .notHTTP: true
    case .noURL, .bodyTooLarge, .decoding: false
    }
  }
}

/// Loads content with a `GET` through `URLSession`: a request timeout, a status check, a bound
/// on the body it buffers, task cancellation that cancels the request, and a caller-supplied
/// decoder that runs on the loading task, off the main actor — and not at all once the task is
/// cancelled.
///
/// Each loader owns a session made from the configuration it is given, whose delegate watches
/// every transfer, so that a body past ``maximumBodySize`` is cancelled as it arrives instead of
/// being buffered whole. Make one loader per kind of content and share it: copies share the
/// session, which is invalidated when the last copy goes.
public struct HTTPContentLoader: Sendable {
  /// The default ``maximumBodySize``: 20 MB, above any avatar or thumbnail.
  public static let defaultMaximumBodySize = 20 << 20

  /// How long a request may wait for data before it fails.
  public let requestTimeout: Duration
  /// The most bytes of body the loader buffers for one request; a larger body fails with
  /// ``HTTPLoadError/bodyTooLarge(limit:url:)``, which a store does not retry.
  public let maximumBodySize: Int
  private let transport: Transport

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - configuration: the session's configuration (caching, headers, connections per host).
  ///   - requestTimeout: how long a request may wait for data; 15 s by default.
  ///   - maximumBodySize: the most bytes buffered per body; ``defaultMaximumBodySize`` by
  ///     default.
  public init(
    configuration: URLSessionConfiguration = .default, requestTimeout: Duration = .seconds(15),
    maximumBodySize: Int = HTTPContentLoader.defaultMaximumBodySize
  ) {
    self.requestTimeout = requestTimeout
    self.maximumBodySize = max(0, maximumBodySize)
    transport = Transport(configuration: configuration, maximumBodySize: self.maximumBodySize)
  }

  /// Fetches `url` and decodes the body.
  ///
  /// - Throws: ``HTTPLoadError`` for a status outside 200–299, a body past
  ///   ``maximumBodySize`` and a decoder that throws (``HTTPLoadError/decoding(_:url:)``);
  ///   `CancellationError` when the task is cancelled (the request is cancelled too, and the
  ///   decoder does not run); `URLError` for transport failures, timeouts and redirect loops.
  public func load<Content>(
    from url: URL, decode: @Sendable (Data) throws -> Content
  ) async throws -> Content {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.timeoutInterval = requestTimeout.inSeconds
    let (data, response) = try await transport.fetch(request)
    guard let http = response as? HTTPURLResponse else { throw HTTPLoadError.notHTTP(url: url) }
    guard (200..<300).contains(http.statusCode) else {
      throw HTTPLoadError.status(http.statusCode, url: url)
    }
    // A load taken back while its body arrived is not decoded: decoding is the costly part.
    try Task.checkCancellation()
    do {
      return try decode(data)
    } catch {
      throw HTTPLoadError.decoding(error, url: url)
    }
  }
}

/// The session of one loader and its copies, with the delegate that watches their transfers;
/// invalidated when the last copy goes.
private final class Transport: Sendable {
  let session: URLSession
  let transfers: Transfers

  init(configuration: URLSessionConfiguration, maximumBodySize: Int) {
    transfers = Transfers(maximumBodySize: maximumBodySize)
    session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.invalidateAndCancel()
  }

  /// A data task bridged to async, cancelled with the calling task.
  func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
    let box = TaskBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request)
        transfers.begin(task, request.url, continuation)
        box.start(task)
      }
    } onCancel: {
      box.cancel()
    }
  }
}

/// The transfers under way, by task: each body as it arrives, cut off past the limit.
private final class Transfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

  private struct Transfer {
    let url: URL?
    let continuation: Continuation
    var body = Data()
    var response: URLResponse?
    var failure: (any Error)?
  }

  private let maximumBodySize: Int
  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]

  init(maximumBodySize: Int) { self.maximumBodySize = maximumBodySize }

  func begin(_ task: URLSessionDataTask, _ url: URL?, _ continuation: Continuation) {
    lock.withLock {
      transfers[task.taskIdentifier] = Transfer(url: url, continuation: continuation)
    }
  }

  /// Marks a transfer failed and cancels its task; the failure is thrown when the task ends.
  private func refuse(_ task: URLSessionTask) {
    lock.withLock {
      guard let transfer = transfers[task.taskIdentifier], transfer.failure == nil else { return }
      let url = transfer.url ?? task.originalRequest?.url ?? URL(fileURLWithPath: "/")
      transfers[task.taskIdentifier]?.failure = HTTPLoadError.bodyTooLarge(
        limit: maximumBodySize, url: url)
      transfers[task.taskIdentifier]?.body = Data()
    }
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    lock.withLock { transfers[dataTask.taskIdentifier]?.response = response }
    // A declared length over the limit is refused before a byte of body is read.
    if response.expectedContentLength > Int64(maximumBodySize) {
      refuse(dataTask)
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = lock.withLock { () -> Bool in
      guard var transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else {
        return false
      }
      guard transfer.body.count + data.count <= maximumBodySize else { return true }
      transfers[dataTask.taskIdentifier] = nil  // no copy of the body while it grows
      transfer.body.append(data)
      transfers[dataTask.taskIdentifier] = transfer
      return false
    }
    if over { refuse(dataTask) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if let failure = transfer.failure {
      transfer.continuation.resume(throwing: failure)
    } else if let error {
      let cancelled = (error as? URLError)?.code == .cancelled
      transfer.continuation.resume(throwing: cancelled ? CancellationError() : error)
    } else if let response = transfer.response ?? task.response {
      transfer.continuation.resume(returning: (transfer.body, response))
    } else {
      transfer.continuation.resume(throwing: URLError(.badServerResponse))
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
  /// A store that loads each key's content over HTTP. A client error (4xx other than 408 and
  /// 429), a body too large and one that does not decode are failures the store does not retry
  /// while the key stays wanted.
  ///
  /// - Parameters:
  ///   - configuration: the store's own configuration (limits, concurrency, timeout, retry
  ///     policy, clock).
  ///   - url: the URL for a key, or `nil` when it has none (that load fails with
  ///     ``HTTPLoadError/noURL``).
  ///   - loader: the HTTP loader (session, request timeout, body limit).
  ///   - decode: turns a response body into content, off the main actor.
  public convenience init(
    configuration: Configuration = Configuration(), url: @escaping @Sendable (Key) -> URL?,
    loader: HTTPContentLoader = HTTPContentLoader(),
    decode: @escaping @Sendable (Data) throws -> Content
  ) {
    self.init(configuration: configuration) { key in
      guard let address = url(key) else { throw HTTPLoadError.noURL }
      return try await loader.load(from: address, decode: decode)
    }
  }
}

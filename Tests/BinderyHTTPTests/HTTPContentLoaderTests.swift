import Bindery
import BinderyHTTP
import Foundation
import Testing

@Suite("HTTPContentLoader against a real server", .serialized)
struct HTTPContentLoaderTests {
  let server: TestServer
  let loader = HTTPContentLoader(requestTimeout: .seconds(5))

  init() throws {
    server = try TestServer()
  }

  @Test func getsAndDecodesOffTheMainActor() async throws {
    let text = try await loader.load(from: server.url("/ok/hello")) { data in
      String(decoding: data, as: UTF8.self).uppercased()
    }
    #expect(text == "HELLO")
  }

  @Test func aStatusOutside200IsAnError() async {
    for code in [404, 500] {
      do {
        _ = try await loader.load(from: server.url("/status/\(code)")) { $0 }
        Issue.record("expected HTTP \(code) to throw")
      } catch HTTPLoadError.status(let status, _) {
        #expect(status == code)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test func aRequestThatWaitsTooLongTimesOut() async {
    let impatient = HTTPContentLoader(requestTimeout: .milliseconds(300))
    // The server answers (successfully) after 30 s: an error is the loader's own.
    do {
      _ = try await impatient.load(from: server.url("/slow/30000/late")) { $0 }
      Issue.record("expected a timeout")
    } catch {
      #expect((error as? URLError)?.code == .timedOut, "\(error)")
    }
  }

  @Test func cancellingTheTaskCancelsTheRequest() async {
    let load = Task { [loader, server] in
      try await loader.load(from: server.url("/slow/30000/late")) { $0 }
    }
    try? await Task.sleep(for: .milliseconds(100))
    load.cancel()
    do {
      _ = try await load.value
      Issue.record("expected a cancellation")
    } catch {
      #expect(error is CancellationError, "\(error)")
    }
  }

  /// Loads `path` with a 1 MB limit and returns the error it ends with.
  func failure(loading path: String) async -> (any Error)? {
    let bounded = HTTPContentLoader(requestTimeout: .seconds(5), maximumBodySize: 1 << 20)
    do {
      _ = try await bounded.load(from: server.url(path)) { $0 }
      return nil
    } catch {
      return error
    }
  }

  @Test func aBodyThatNeverEndsIsCutOffAtTheLimit() async {
    let error = await failure(loading: "/endless")
    guard case .bodyTooLarge(let limit, _) = error as? HTTPLoadError else {
      Issue.record("expected bodyTooLarge, got \(String(describing: error))")
      return
    }
    #expect(limit == 1 << 20)
    #expect((error as? HTTPLoadError)?.allowsRetry == false)
  }

  @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeReading() async {
    let error = await failure(loading: "/declares/\(1 << 30)")
    guard case .bodyTooLarge = error as? HTTPLoadError else {
      Issue.record("expected bodyTooLarge, got \(String(describing: error))")
      return
    }
  }

  @Test func aServerThatStopsMidBodyIsATransportFailure() async {
    let error = await failure(loading: "/truncated/4096")
    #expect(error is URLError, "\(String(describing: error))")
    #expect(!(error is HTTPLoadError))
  }

  @Test func aRedirectLoopEnds() async {
    let error = await failure(loading: "/loop")
    #expect(error != nil)
    #expect(error is URLError, "\(String(describing: error))")
  }

  @Test func clientErrorsAndUndecodableBodiesAreNotRetried() async {
    for (code, retries) in [(404, false), (410, false), (408, true), (429, true), (503, true)] {
      #expect(HTTPLoadError.status(code, url: server.url("/")).allowsRetry == retries, "\(code)")
    }
    struct NotAnImage: Error {}
    do {
      _ = try await loader.load(from: server.url("/ok/text")) { _ -> Int in throw NotAnImage() }
      Issue.record("expected a decoding failure")
    } catch {
      guard case .decoding(let underlying, _) = error as? HTTPLoadError else {
        Issue.record("expected decoding, got \(error)")
        return
      }
      #expect(underlying is NotAnImage)
      #expect((error as? HTTPLoadError)?.allowsRetry == false)
    }
  }

  @Test @MainActor func aNotFoundIsShownWithoutRetrying() async throws {
    let server = self.server
    let store = ContentStore<Int, String>(
      configuration: .init(retry: RetryPolicy(backoff: .milliseconds(1))),
      url: { server.url("/status/\(400 + $0)") }, decode: { String(decoding: $0, as: UTF8.self) })
    var arrivals = store.arrivals().makeAsyncIterator()
    store.request(4)
    #expect(await arrivals.next() == 4)
    #expect(store.state(for: 4).failure?.allowsRetry == false)
    #expect(store.state(for: 4).failure?.retryIn == nil)
    store.cancelRequest(4)
  }

  @Test @MainActor func throughAContentStore() async throws {
    let server = self.server
    let store = ContentStore<Int, String>(
      url: { server.url("/ok/avatar-\($0)") },
      decode: { String(decoding: $0, as: UTF8.self) })
    var arrivals = store.arrivals().makeAsyncIterator()
    store.request(42)
    #expect(await arrivals.next() == 42)
    #expect(store.state(for: 42).content == "avatar-42")
  }
}

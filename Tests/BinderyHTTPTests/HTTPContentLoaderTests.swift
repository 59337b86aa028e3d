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
    let clock = ContinuousClock()
    let started = clock.now
    do {
      _ = try await impatient.load(from: server.url("/slow/3000/late")) { $0 }
      Issue.record("expected a timeout")
    } catch {
      #expect((error as? URLError)?.code == .timedOut, "\(error)")
    }
    #expect(clock.now - started < .seconds(2))
  }

  @Test func cancellingTheTaskCancelsTheRequest() async {
    let clock = ContinuousClock()
    let started = clock.now
    let load = Task { [loader, server] in
      try await loader.load(from: server.url("/slow/3000/late")) { $0 }
    }
    try? await Task.sleep(for: .milliseconds(100))
    load.cancel()
    do {
      _ = try await load.value
      Issue.record("expected a cancellation")
    } catch {
      #expect(error is CancellationError, "\(error)")
    }
    #expect(clock.now - started < .seconds(2))
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

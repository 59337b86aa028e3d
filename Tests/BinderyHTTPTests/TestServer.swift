import Foundation

/// A real HTTP server on 127.0.0.1, started and stopped by the tests: python3's http.server
/// with a handler that answers
/// - `/ok/<text>` with 200 and the text,
/// - `/slow/<milliseconds>/<text>` the same after a delay,
/// - `/status/<code>` with that status,
/// - `/endless` with a body that never ends (no `Content-Length`), about 16 MB a second,
/// - `/declares/<length>` with a `Content-Length` of `length` and a short body (a lie),
/// - `/truncated/<length>` with a `Content-Length` of `length`, half of it, then a closed
///   connection (a server that stops mid-body),
/// - `/loop` with a redirect to itself.
///
/// It exits when its standard input closes: a child of a Swift process on Linux inherits a
/// signal mask that can block SIGTERM, so `Process.terminate()` alone may not stop it.
final class TestServer: @unchecked Sendable {
  static let script = """
    import http.server, os, socketserver, sys, threading, time
    def exit_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            parts = self.path.strip('/').split('/')
            try:
                if parts[0] == 'slow':
                    time.sleep(int(parts[1]) / 1000.0)
                    parts = ['ok'] + parts[2:]
                if parts[0] == 'status':
                    self.send_response(int(parts[1])); self.end_headers(); return
                if parts[0] == 'endless':
                    self.send_response(200); self.end_headers()
                    # About 16 MB/s: swift-corelibs-foundation queues what arrives faster than
                    # its delegate reads it, so an unthrottled loop on localhost (GB/s) can fill
                    # memory before the cut-off is seen, slowed down as the thread sanitizer is.
                    while True: self.wfile.write(b'x' * 16384); time.sleep(0.001)
                if parts[0] in ('declares', 'truncated'):
                    declared = int(parts[1])
                    self.send_response(200)
                    self.send_header('Content-Length', str(declared)); self.end_headers()
                    self.wfile.write(b'x' * (declared // 2 if parts[0] == 'truncated' else 10))
                    self.wfile.flush(); self.connection.close(); return
                if parts[0] == 'loop':
                    self.send_response(302); self.send_header('Location', '/loop')
                    self.end_headers(); return
                body = '/'.join(parts[1:]).encode()
                self.send_response(200)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass
        def log_message(self, *args):
            pass
    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True
    server = Server(('127.0.0.1', 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  let process = Process()
  let input = Pipe()
  let port: Int

  /// Starts the server and waits for it to report its port.
  init() throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-c", Self.script]
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line.append(byte)
    }
    guard let text = String(data: line, encoding: .utf8), let port = Int(text) else {
      kill(process.processIdentifier, SIGKILL)
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  deinit {
    // Closing stdin ends the server; SIGKILL, which no mask blocks, is the backstop. No
    // waitUntilExit(): on Linux it spins a run loop.
    try? input.fileHandleForWriting.close()
    kill(process.processIdentifier, SIGKILL)
  }
}

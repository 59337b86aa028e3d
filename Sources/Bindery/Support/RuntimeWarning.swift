#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes a mistake in the app's use of Bindery to the standard error, as UIKit writes its
/// console warnings: the process goes on, where an assertion would take a whole test run
/// down with it.
package func warnAtRuntime(_ message: String) {
  var line = "Bindery: \(message)\n"
  // File descriptor 2: C's `stderr` is a global that Swift 6 does not let code reach.
  line.withUTF8 { bytes in
    guard let start = bytes.baseAddress else { return }
    _ = write(2, start, bytes.count)
  }
}

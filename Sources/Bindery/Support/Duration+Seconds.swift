extension Duration {
  /// The duration in seconds, as a `Double`: for speeds (rows a second) and for APIs that take
  /// seconds, such as `URLRequest`'s timeout.
  package var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// The duration in milliseconds, as a `Double`: for what the demo and the benchmarks print.
  package var inMilliseconds: Double {
    Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
  }
}

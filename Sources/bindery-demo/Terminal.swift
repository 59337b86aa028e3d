#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the live demo draws on: raw keyboard input, its size, and drawing.
enum Terminal {
  nonisolated(unsafe) private static var saved = termios()

  /// Whether both standard input and output are a terminal.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Rows and columns, or 24 × 80 when the terminal does not say.
  static var size: (rows: Int, columns: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// Keys arrive one at a time, unechoed; Ctrl-C arrives as a key too, so the terminal is
  /// always restored on the way out. The cursor is hidden.
  static func enterRawMode() {
    tcgetattr(STDIN_FILENO, &saved)
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    write("\u{1B}[?25l\u{1B}[2J")
  }

  /// Restores the terminal as it was, with the cursor shown.
  static func leaveRawMode() {
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    write("\u{1B}[0m\u{1B}[?25h\n")
  }

  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = writeToStandardOutput(base + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Keys as they are typed, read on a background thread.
  static func keys() -> AsyncStream<Key> {
    AsyncStream { continuation in
      Task.detached {
        var pending: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 {
          pending.append(byte)
          if let key = Key(parsing: &pending) { continuation.yield(key) }
        }
        continuation.finish()
      }
    }
  }

  /// A key the demo understands.
  enum Key: Sendable {
    case up, down, pageUp, pageDown, pause, quit

    /// Consumes a key from the front of `bytes` once a whole one is there.
    init?(parsing bytes: inout [UInt8]) {
      guard let first = bytes.first else { return nil }
      if first == 0x1B {
        guard bytes.count >= 3 else { return nil }
        defer { bytes.removeAll() }
        switch bytes[2] {
        case UInt8(ascii: "A"): self = .up
        case UInt8(ascii: "B"): self = .down
        case UInt8(ascii: "5"): self = .pageUp
        case UInt8(ascii: "6"): self = .pageDown
        default: return nil
        }
        return
      }
      bytes.removeFirst()
      switch first {
      case UInt8(ascii: "k"): self = .up
      case UInt8(ascii: "j"): self = .down
      case UInt8(ascii: " "): self = .pause
      case UInt8(ascii: "q"), 3: self = .quit
      default: return nil
      }
    }
  }
}

/// libc's `write` on standard output, outside `Terminal`, whose own `write` would shadow it.
private func writeToStandardOutput(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(STDOUT_FILENO, bytes, count)
}

/// A mate's avatar, generated from its id: a 5 × 4 symmetric pattern in one colour, drawn with
/// half-block characters and 24-bit colour, two pixel rows per terminal line.
struct Identicon: Sendable, Equatable {
  let pixels: [[Bool]]  // 4 rows of 5
  let red: Int
  let green: Int
  let blue: Int

  init(id: Int) {
    var hash = UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 29
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 32
    red = Int(hash & 0x7F) + 96
    green = Int((hash >> 8) & 0x7F) + 96
    blue = Int((hash >> 16) & 0x7F) + 96
    var rows: [[Bool]] = []
    for row in 0..<4 {
      let left = (0..<3).map { column in (hash >> (24 + row * 3 + column)) & 1 == 1 }
      rows.append([left[0], left[1], left[2], left[1], left[0]])
    }
    pixels = rows
  }

  /// About how many bytes a real avatar this size would take: the cache's cost.
  var bytes: Int { 16_384 + (red * 31 + blue) % 8_192 }

  /// Terminal line 0 or 1: ten characters (each pixel two wide), with colour escapes.
  func line(_ index: Int) -> String {
    let offColour = "60;60;70"
    var text = ""
    for column in 0..<5 {
      let top = pixels[index * 2][column]
      let bottom = pixels[index * 2 + 1][column]
      let foreground = top ? "\(red);\(green);\(blue)" : offColour
      let background = bottom ? "\(red);\(green);\(blue)" : offColour
      text += "\u{1B}[38;2;\(foreground)m\u{1B}[48;2;\(background)m▀▀"
    }
    return text + "\u{1B}[0m"
  }

  /// The placeholder while the avatar loads.
  static func placeholder(_ index: Int) -> String {
    "\u{1B}[38;2;90;90;100m" + String(repeating: index == 0 ? "░" : "▒", count: 10) + "\u{1B}[0m"
  }
}

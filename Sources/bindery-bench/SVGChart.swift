import Foundation

/// A grouped bar chart as a standalone SVG document: groups along the x axis, one bar per
/// series in each group, a linear or logarithmic y axis. No dependencies.
struct SVGBarChart {
  struct Series {
    var name: String
    var colour: String
    var values: [Double?]  // one per group; nil: no bar (not measured)
  }

  var title: String
  var subtitle: String
  var unit: String
  var groups: [String]
  var series: [Series]
  var logarithmic = false

  func render() -> String {
    let width = 760.0
    let height = 420.0
    let left = 70.0
    let right = 20.0
    let top = 64.0
    let bottom = 70.0
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    let values = series.flatMap { $0.values.compactMap { $0 } }.filter { $0 > 0 }
    let maximum = values.max() ?? 1
    let minimum = values.min() ?? 1
    let lowExponent = floor(log10(minimum))
    let highExponent = ceil(log10(maximum))
    func y(_ value: Double) -> Double {
      if logarithmic {
        let span = max(1, highExponent - lowExponent)
        return top + plotHeight * (1 - (log10(max(value, 1e-12)) - lowExponent) / span)
      }
      return top + plotHeight * (1 - value / maximum)
    }
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
      viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif">
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(left)" y="26" font-size="17" font-weight="bold">\(escape(title))</text>
      <text x="\(left)" y="46" font-size="12" fill="#555">\(escape(subtitle))</text>

      """
    // Grid and y labels.
    let ticks: [Double] =
      logarithmic
      ? stride(from: lowExponent, through: highExponent, by: 1).map { pow(10, $0) }
      : (0...4).map { maximum * Double($0) / 4 }
    for tick in ticks {
      let position = y(tick)
      svg += "<line x1=\"\(left)\" y1=\"\(position)\" x2=\"\(width - right)\" y2=\"\(position)\" "
      svg += "stroke=\"#e5e5e5\"/>\n"
      svg += "<text x=\"\(left - 6)\" y=\"\(position + 4)\" font-size=\"11\" text-anchor=\"end\" "
      svg += "fill=\"#555\">\(logarithmic ? label(tick) : String(format: "%.0f", tick))</text>\n"
    }
    svg += "<text x=\"14\" y=\"\(top + plotHeight / 2)\" font-size=\"12\" fill=\"#555\" "
    svg += "transform=\"rotate(-90 14 \(top + plotHeight / 2))\" text-anchor=\"middle\">"
    svg += "\(escape(unit))</text>\n"
    // Bars.
    let groupWidth = plotWidth / Double(max(1, groups.count))
    let barWidth = groupWidth * 0.8 / Double(max(1, series.count))
    for (groupIndex, group) in groups.enumerated() {
      let groupLeft = left + groupWidth * Double(groupIndex) + groupWidth * 0.1
      for (seriesIndex, line) in series.enumerated() {
        guard groupIndex < line.values.count, let value = line.values[groupIndex] else { continue }
        let x = groupLeft + barWidth * Double(seriesIndex)
        let barTop = y(logarithmic ? max(value, pow(10, lowExponent)) : value)
        svg += "<rect x=\"\(x)\" y=\"\(barTop)\" width=\"\(barWidth - 2)\" "
        svg += "height=\"\(max(0, top + plotHeight - barTop))\" fill=\"\(line.colour)\">"
        svg += "<title>\(escape(line.name)) · \(escape(group)): \(label(value)) \(escape(unit))"
        svg += "</title></rect>\n"
      }
      svg += "<text x=\"\(groupLeft + groupWidth * 0.4)\" y=\"\(top + plotHeight + 18)\" "
      svg += "font-size=\"12\" text-anchor=\"middle\">\(escape(group))</text>\n"
    }
    // Legend.
    var legendX = left
    for line in series {
      svg += "<rect x=\"\(legendX)\" y=\"\(height - 30)\" width=\"12\" height=\"12\" "
      svg += "fill=\"\(line.colour)\"/>\n"
      svg += "<text x=\"\(legendX + 17)\" y=\"\(height - 20)\" font-size=\"12\">"
      svg += "\(escape(line.name))</text>\n"
      legendX += 30 + Double(line.name.count) * 7
    }
    return svg + "</svg>\n"
  }

  private func label(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 1 { return String(format: "%.1f", value) }
    if value >= 0.01 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }

  /// Writes the chart to `directory/name`, creating the directory.
  func write(to directory: String, name: String) {
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    do {
      try render().write(to: url, atomically: true, encoding: .utf8)
      FileHandle.standardError.write(Data("wrote \(url.path)\n".utf8))
    } catch {
      FileHandle.standardError.write(Data("could not write \(url.path): \(error)\n".utf8))
    }
  }
}

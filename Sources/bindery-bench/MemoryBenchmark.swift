import Bindery
import BinderyTesting
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bindery-bench memory`: the memory a binding's per-update work takes, measured as the peak
/// resident size of a child process, above that of a child that only builds the two arrays.
///
/// Each measure runs in a fresh process (`bindery-bench memory-child <what> <size>`), so that
/// nothing of one measure is still resident in the next; on Linux the child resets its peak
/// once the arrays are made, so the temporaries of making them do not hide what follows. `bindery+validate` holds the old list
/// as a validated snapshot — a binding's steady state — then validates the new list and diffs
/// it; `floor` builds a `Dictionary` of the old ids and probes it with the new ones.
struct MemoryBenchmark {
  let options: BenchOptions

  static let implementations = ["bindery+validate", "floor"]

  func run() {
    let sizes = options.sizesWereGiven ? options.sizes : [100_000, 1_000_000]
    let runs = max(3, min(options.runs, 5))
    var records: [[String: Any]] = []
    for size in sizes {
      let arrays = median((0..<runs).compactMap { _ in peakBytes(of: "arrays", size: size) })
      for implementation in Self.implementations {
        let peak = median(
          (0..<runs).compactMap { _ in peakBytes(of: implementation, size: size) })
        let growth = max(0, peak - arrays)
        records.append([
          "case": "mixed", "items": size, "implementation": implementation,
          "peak_bytes": Int(growth), "bytes_per_item": growth / Double(size),
          "arrays_peak_bytes": Int(arrays),
        ])
      }
    }
    if options.json {
      printJSON(records)
      return
    }
    print(
      "bindery-bench memory: peak resident growth of a child process above one that only "
        + "builds the two arrays ({id: Int, content: Int} items, the diff benchmark's mixed "
        + "case); median of \(runs) processes")
    print(
      textTable(
        ["items", "implementation", "peak growth, MiB", "bytes per item"],
        records.map { record in
          [
            "\(record["items"] ?? "")", "\(record["implementation"] ?? "")",
            String(format: "%.1f", Double(record["peak_bytes"] as? Int ?? 0) / 1_048_576),
            String(format: "%.0f", record["bytes_per_item"] as? Double ?? 0),
          ]
        }))
  }

  /// Runs one child and reads the peak resident bytes it reports.
  func peakBytes(of what: String, size: Int) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["memory-child", what, "\(size)"]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(data: data, encoding: .utf8).flatMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// The child: builds the arrays, does `what`, and prints its peak resident bytes.
  static func child(_ arguments: [String]) {
    guard arguments.count >= 3, let size = Int(arguments[2]) else { exit(2) }
    let mixed = DiffBenchmark.mixedCase(size: size, seed: 0xB1D)
    // Linux: forget the peak so far (making the arrays had temporaries), so that the peak read
    // at the end is that of the arrays and the work alone.
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    switch arguments[1] {
    case "arrays":
      blackHole((mixed.old, mixed.new))
    case "bindery+validate":
      let old = (try? ListSnapshot(items: mixed.old)) ?? ListSnapshot()
      let new = (try? ListSnapshot(items: mixed.new)) ?? ListSnapshot()
      blackHole((old, new, StagedChangeset(from: old, to: new)))
    case "floor":
      var positions = [Int: Int](minimumCapacity: mixed.old.count)
      for (index, item) in mixed.old.enumerated() { positions[item.id] = index }
      var found = 0
      for item in mixed.new where positions[item.id] != nil { found += 1 }
      blackHole((positions, found))
    default:
      exit(2)
    }
    blackHole(mixed)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first
    {
      print(kilobytes * 1024)
      return
    }
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    // Linux reports kilobytes; macOS, bytes.
    #if canImport(Darwin)
      print(usage.ru_maxrss)
    #else
      print(usage.ru_maxrss * 1024)
    #endif
  }
}

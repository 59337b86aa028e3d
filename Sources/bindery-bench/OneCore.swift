import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the whole process on one processor core, on Linux.
///
/// An iOS app's main actor is its main thread, which drains the main queue itself. A Swift
/// program on Linux whose top-level code awaits gives the main thread up (`dispatchMain()`), and
/// dispatch drains the main queue on its worker threads instead: each turn of the main actor may
/// run on another core than the one before, after waking a thread there. A frame that yields to
/// the main actor twice then costs the wake and the cold caches of those hops — as much as the
/// plain table's own work, and more or less from process to process as the threads happen to be
/// placed. On one core, a turn follows the one before on the same core, as on a device.
///
/// Threads made afterwards inherit the setting from the thread that makes them.
///
/// - Returns: the core, or `nil` where the platform has no such setting or refused it (the
///   benchmark then runs as it is, and says so).
func keepProcessOnOneCore() -> Int? {
  #if os(Linux)
    typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
    typealias GetCPU = @convention(c) () -> Int32
    // Not in Swift's view of Glibc (it needs `_GNU_SOURCE`): looked up by name.
    guard let setAffinity = dlsym(nil, "sched_setaffinity"),
      let getCPU = dlsym(nil, "sched_getcpu")
    else { return nil }
    let set = unsafeBitCast(setAffinity, to: SetAffinity.self)
    let core = Int(unsafeBitCast(getCPU, to: GetCPU.self)())
    guard core >= 0, core < 1024 else { return nil }
    var mask = [UInt8](repeating: 0, count: 128)  // a 1,024-core `cpu_set_t`
    mask[core / 8] = 1 << (core % 8)
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    var kept = 0
    for thread in threads.compactMap({ Int32($0) }) where set(thread, mask.count, mask) == 0 {
      kept += 1
    }
    return kept > 0 && kept == threads.count ? core : nil
  #else
    return nil
  #endif
}

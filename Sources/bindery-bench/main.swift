// bindery-bench: Bindery's benchmarks, each against a baseline measured in the same process.
//
//   swift run -c release bindery-bench diff [--json] [--runs N] [--sizes 10000,100000]
//   swift run -c release bindery-bench binding [--json]
//   swift run -c release bindery-bench content [--json]
//   swift run -c release bindery-bench prefetch [--json]
//   swift run -c release bindery-bench memory [--json] [--sizes 100000,1000000]
//   swift run -c release bindery-bench heights [--json] [--sizes 10000,100000,1000000]
//   swift run -c release bindery-bench stream [--json] [--seconds 10]
//   swift run -c release bindery-bench observation [--json] [--runs N]
//   swift run -c release bindery-bench swiftui [--json]
//   swift run -c release bindery-bench scroll [--json] [--frames 600] [--cases all,bare,…]
//   any of them with --one-core: the process kept on one core (Linux)
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
// A memory child's arguments are positional, not options.
var options = BenchOptions(arguments.first == "memory-child" ? [] : arguments)
if options.oneCore {
  options.core = keepProcessOnOneCore()
  FileHandle.standardError.write(
    Data(
      (options.core.map { "--one-core: the process is kept on core \($0)\n" }
        ?? "--one-core: this platform cannot keep the process on one core; ignored\n").utf8))
}

switch arguments.first {
case "diff":
  DiffBenchmark(options: options).run()
case "binding":
  await BindingBenchmark(options: options).run()
case "content":
  await ContentBenchmark(options: options).run()
case "prefetch":
  await PrefetchSimulation(options: options).run()
case "memory":
  MemoryBenchmark(options: options).run()
case "heights":
  await HeightsBenchmark(options: options).run()
case "stream":
  await StreamBenchmark(options: options).run()
case "observation":
  await ObservationBenchmark(options: options).run()
case "swiftui":
  await SwiftUIBenchmark(options: options).run()
case "scroll":
  await ScrollBenchmark(options: options).run()
case "memory-child":
  MemoryBenchmark.child(arguments)
case "--help", "-h", nil:
  print(BenchOptions.usage)
default:
  FileHandle.standardError.write(
    Data("unknown benchmark '\(arguments[0])'\n\(BenchOptions.usage)\n".utf8))
  exit(2)
}

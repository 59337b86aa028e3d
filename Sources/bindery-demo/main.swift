// bindery-demo: Bindery at work on a live list in the terminal.
//
//   swift run -c release bindery-demo --help
import Foundation

let usage = """
  usage: bindery-demo [--rows N] [--latency MS] [--seed N] [--seconds S]
         bindery-demo --explain [--rows N] [--steps N] [--seed N]
  """
let help = """
    A list of mates, bound to a table with Bindery, changes live: mates join, leave, move to
    the top and change status (changed rows light up). Avatars load with simulated latency
    and are prefetched ahead of the scroll. The status line shows updates applied, operations
    per update, diff time, how many mates had their avatar when first shown (first screen,
    new, scrolled in), whether the reader's place was kept, loads in flight and the cache size.

    In a terminal it runs until q (or for --seconds): ↑/↓ or k/j scroll, PgUp/PgDn page, space
    pauses the feed. Without one (a pipe, CI) it runs a fixed scenario, a slow scroll down, for
    --seconds. Either way it ends by printing what it measured.

    --rows N       mates in the list (default 200; --explain shows at most 12)
    --latency MS   median avatar latency in milliseconds (default 150)
    --seed N       random seed (default 20261130)
    --seconds S    run for S seconds, at least 0.5, then end (default: until q in a terminal,
                   4 without one)
    --explain      print the batches Bindery computes for each change, step by step
    --steps N      changes --explain shows (default 6)
  """

var options = LiveDemo.Options()
var explain = false
var steps = 6
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--rows":
    options.mates = arguments.next().flatMap { Int($0) }.map { max(1, $0) } ?? options.mates
  case "--latency":
    options.latencyMilliseconds =
      arguments.next().flatMap { Double($0) }.map { max(0, $0) } ?? options.latencyMilliseconds
  case "--seed": options.seed = arguments.next().flatMap { UInt64($0) } ?? options.seed
  case "--seconds":
    options.seconds =
      arguments.next().flatMap { Double($0) }.map { max(0.5, $0) } ?? options.seconds
  case "--steps": steps = arguments.next().flatMap { Int($0) }.map { max(1, $0) } ?? steps
  case "--explain": explain = true
  case "--help", "-h":
    print(usage + "\n" + help)
    exit(0)
  default:
    FileHandle.standardError.write(Data("unknown option \(argument)\n\(usage)\n".utf8))
    exit(2)
  }
}

if explain {
  StepDemo(rows: min(options.mates, 12), steps: steps, seed: options.seed).run()
} else if Terminal.isInteractive {
  let rows = (Terminal.size.rows - 3) / 2
  await LiveDemo(options: options, visibleRows: rows).runInteractive()
} else {
  await LiveDemo(options: options, visibleRows: 10).runScripted()
}

// bindery-demo: Bindery at work on a live list in the terminal.
//
//   swift run -c release bindery-demo [--rows N] [--latency MS] [--seed N] [--seconds S]
//   swift run -c release bindery-demo --explain [--rows N] [--steps N] [--seed N]
import Foundation

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
    print(
      """
      usage: bindery-demo [--rows N] [--latency MS] [--seed N] [--seconds S]
             bindery-demo --explain [--rows N] [--steps N] [--seed N]

        A list of mates, bound to a table with Bindery, changes live: mates join, leave, move to
        the top and change status (changed rows light up). Avatars load with simulated latency
        and are prefetched ahead of the scroll. The status line shows updates applied, operations
        per update, diff time, how many mates had their avatar when first shown (first screen,
        new, scrolled in), loads in flight and the cache size.

        Keys: ↑/↓ or k/j scroll, PgUp/PgDn page, space pauses the feed, q quits.
        Without a terminal (a pipe, CI) it runs a fixed scenario for --seconds (default 4) and
        prints the last screen and the same figures.

        --rows N       mates in the list (default 200)
        --latency MS   median avatar latency (default 150)
        --seed N       random seed (default 20261130)
        --explain      print the batches Bindery computes for each change, step by step
      """)
    exit(0)
  default:
    FileHandle.standardError.write(Data("unknown option \(argument); see --help\n".utf8))
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

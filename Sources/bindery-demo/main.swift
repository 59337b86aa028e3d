// bindery-demo: Bindery at work on a generated mate list.
//
//   swift run -c release bindery-demo [--rows N] [--steps N] [--seed N]
import Foundation

var rows = 8
var steps = 6
var seed = UInt64(20_261_130)
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--rows": rows = arguments.next().flatMap { Int($0) }.map { max(1, $0) } ?? rows
  case "--steps": steps = arguments.next().flatMap { Int($0) }.map { max(1, $0) } ?? steps
  case "--seed": seed = arguments.next().flatMap { UInt64($0) } ?? seed
  case "--help", "-h":
    print(
      """
      usage: bindery-demo [--rows N] [--steps N] [--seed N]
        A mate list changes step by step; for each step the demo prints the batches Bindery
        computes (reconfigures first, then one structural batch) and whether UITableView, as
        modelled by HeadlessUIKit in strict mode, accepts every one of them.
        Marks: + inserted, ~ reconfigured (same row, new content), ↕ moved.
      """)
    exit(0)
  default:
    FileHandle.standardError.write(Data("unknown option \(argument); see --help\n".utf8))
    exit(2)
  }
}
StepDemo(rows: rows, steps: steps, seed: seed).run()

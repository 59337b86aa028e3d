import BinderyFuzzing
import Foundation

// The binding fuzzer's command: worlds one after another, each a seed's screen fuzzed for a
// number of steps, until a step budget or a time budget runs out or something is found.
//
//   swift run -c release bindery-fuzz --seconds 45          # CI's bounded run
//   swift run -c release bindery-fuzz --steps 1000000       # a long run
//   swift run -c release bindery-fuzz --seed 1234 --worlds 1  # replays one world
//
// Options: --seed S (the first world's; the next ones follow it), --steps N (in all),
// --seconds T, --worlds W, --steps-per-world K (default 300). Exit 0: nothing found;
// 1: a finding, printed with its seed and its last steps; 2: bad options.

struct Options {
  var seed = UInt64.random(in: 0...UInt64.max)
  var steps = Int.max
  var seconds = Double.infinity
  var worlds = Int.max
  var stepsPerWorld = 300
}

func parse(_ arguments: [String]) -> Options? {
  var options = Options()
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    guard let value = iterator.next() else { return nil }
    switch argument {
    case "--seed": guard let seed = UInt64(value) else { return nil }; options.seed = seed
    case "--steps": guard let steps = Int(value) else { return nil }; options.steps = steps
    case "--seconds":
      guard let seconds = Double(value) else { return nil }; options.seconds = seconds
    case "--worlds": guard let worlds = Int(value) else { return nil }; options.worlds = worlds
    case "--steps-per-world":
      guard let steps = Int(value), steps > 0 else { return nil }
      options.stepsPerWorld = steps
    default: return nil
    }
  }
  return options
}

/// Prints a line at once, into a pipe too (CI reads the last lines).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(
    Data(
      ("usage: bindery-fuzz [--seed S] [--steps N] [--seconds T] [--worlds W] "
        + "[--steps-per-world K]\n").utf8))
  exit(2)
}

let status = await MainActor.run { () -> Task<Int32, Never> in
  Task { @MainActor in
    let start = ContinuousClock.now
    var tally = BindingFuzzer.Tally()
    var worlds = 0
    func elapsed() -> Double {
      let (seconds, attoseconds) = (ContinuousClock.now - start).components
      return Double(seconds) + Double(attoseconds) / 1e18
    }
    say("bindery-fuzz: first seed \(options.seed)")
    while worlds < options.worlds, tally.steps < options.steps, elapsed() < options.seconds {
      let seed = options.seed &+ UInt64(worlds)
      let fuzzer = BindingFuzzer(seed: seed)
      let steps = min(options.stepsPerWorld, options.steps - tally.steps)
      switch await fuzzer.run(steps: steps) {
      case .success(let ran):
        tally.add(ran)
        worlds += 1
        if worlds % 100 == 0 {
          say(
            "  \(worlds) worlds, \(tally.steps) steps, "
              + "\(Int(Double(tally.steps) / max(elapsed(), 0.001))) steps/s")
        }
      case .failure(let finding):
        say(
          "bindery-fuzz: FOUND in world \(worlds + 1), after \(tally.steps) clean steps\n\(finding)"
        )
        // A seed replays its world: run it twice more, alone, as `--seed S --worlds 1` would.
        var replayed = 0
        for _ in 0..<2 {
          if case .failure(let again) = await BindingFuzzer(seed: seed).run(steps: steps),
            again.step == finding.step, again.problem == finding.problem
          {
            replayed += 1
          }
        }
        say(
          "bindery-fuzz: the seed replayed the finding \(replayed) of 2 times (--seed \(seed) --worlds 1)"
        )
        return 1
      }
    }
    let seconds = elapsed()
    say(
      "bindery-fuzz: nothing found — \(worlds) worlds, \(tally.steps) steps in "
        + "\(String(format: "%.1f", seconds)) s (\(Int(Double(tally.steps) / max(seconds, 0.001))) "
        + "steps/s)\n  \(tally)")
    return 0
  }
}.value
exit(status)

import Foundation

/// The entry point: parses the command line, runs the scenarios, prints the report.
///
/// Exit codes: 0 when every scenario computed correct results (timings never fail a run), 1
/// when one did not, 2 when the command line was refused.
@main
enum BenchmarkCommand {
  @MainActor
  static func main() {
    let options: Options
    do {
      options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("error: \(error.message)\n\n\(Options.usage)")
      exit(2)
    }
    if options.help {
      print(Options.usage)
      return
    }
    #if DEBUG
      printError("warning: a debug build; pass `-c release` for figures worth reporting")
    #endif

    let configuration = RunConfiguration(quick: options.quick)
    if let scenario = options.instructionChild {
      do {
        try runInstructionChild(scenario, in: configuration)
      } catch {
        printError("FAILED: \(error)")
        exit(1)
      }
      return
    }
    let clock = ContinuousClock()
    let start = clock.now
    if options.instructions {
      runInstructionMode(options, since: start, on: clock)
      return
    }
    var results: [ScenarioResult] = []
    for scenario in options.scenarios {
      do {
        results.append(try scenario.run(in: configuration) { printError("running \($0)") })
      } catch {
        printError("FAILED: \(error)")
        exit(1)
      }
    }
    let report = Report(
      mode: options.quick ? "quick" : "full",
      repetitions: configuration.repetitions,
      warmups: configuration.warmups,
      machine: .current(),
      scenarios: results,
      peakResidentBytes: ProcessMemory.peakResidentBytes(),
      elapsedSeconds: (clock.now - start).nanoseconds / 1e9)
    if options.json {
      do {
        print(try report.json())
      } catch {
        printError("error: could not encode the report: \(error)")
        exit(1)
      }
    } else {
      print(report.text())
    }
  }

  /// Counts the instruction scenarios under callgrind and prints their report.
  @MainActor
  static func runInstructionMode(
    _ options: Options, since start: ContinuousClock.Instant, on clock: ContinuousClock
  ) {
    let results: [InstructionScenarioResult]
    do {
      results = try measureInstructions(
        options.instructionScenarios, quick: options.quick, progress: printError)
    } catch {
      printError("FAILED: \(error)")
      exit(1)
    }
    let report = InstructionReport(
      mode: options.quick ? "quick" : "full", machine: .current(), scenarios: results,
      elapsedSeconds: (clock.now - start).nanoseconds / 1e9)
    if options.json {
      do {
        print(try report.json())
      } catch {
        printError("error: could not encode the report: \(error)")
        exit(1)
      }
    } else {
      print(report.text())
    }
  }

  /// Writes a line to standard error, keeping standard output for the report.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

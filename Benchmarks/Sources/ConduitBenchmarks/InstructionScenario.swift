import Foundation

/// A scenario of the instruction-count mode (`--instructions`): variants whose instructions per
/// unit of work callgrind counts, and the comparisons and goals between them.
struct InstructionScenario: Sendable {
  /// The name `--filter` takes in this mode.
  var name: String
  /// What the scenario measures, in a line.
  var title: String
  /// Builds the variants for a run of the given size.
  var plan: @MainActor @Sendable (RunConfiguration) -> InstructionPlan

  /// Every scenario of the mode, in the README's order.
  static let all: [InstructionScenario] = [
    .counter, .counterObserved, .unchangedStores, .scopes, .rowListRoot, .listEdits,
  ]
}

/// The variants of an instruction scenario and what to compare between them.
struct InstructionPlan {
  var variants: [CountedVariant] = []
  var comparisons: [InstructionComparison] = []
}

/// One measured configuration: run at two sizes, so that what does not grow with the size
/// (set-up inside the region, first-call costs) cancels in the difference.
struct CountedVariant {
  var name: String
  /// What one unit of work is, such as "send" or "edit".
  var unit: String
  /// The two sizes run, smaller first; each builds a fresh trial.
  var sizes: (Int, Int)
  /// The units of work a size performs; the size itself unless said otherwise.
  var units: @Sendable (Int) -> Int = { $0 }
  /// Builds a trial of the given size; only its `run` is counted.
  var prepare: @MainActor (_ size: Int) -> Trial
}

/// A figure worked out from the variants' instructions per unit.
struct InstructionComparison {
  enum Kind {
    /// numerator / denominator
    case ratio(numerator: String, denominator: String)
    /// (numerator − denominator) / `per`, in instructions
    case difference(numerator: String, denominator: String, per: Double)
    /// one variant's instructions per unit, as they are
    case value(String)
  }

  var label: String
  var kind: Kind
  var goal: Goal?
}

/// Runs, in this process, every variant of a scenario at its two sizes, each run bracketed by the
/// region calls callgrind watches. A warm-up at the larger size runs first (its dump is
/// discarded), so that lazy first-use costs (metadata, symbol binding) of every code path fall
/// outside both figures.
///
/// Prints one line per counted region, `region <variant>\t<units>`, in order; the parent reads
/// the dumps in the same order.
@MainActor
func runInstructionChild(_ scenario: InstructionScenario, in configuration: RunConfiguration) throws
{
  let plan = scenario.plan(configuration)
  for variant in plan.variants {
    let (small, large) = variant.sizes
    for (size, label) in [(large, "warm-up"), (small, "small"), (large, "large")] {
      let trial = variant.prepare(size)
      regionBegins()
      trial.run()
      regionEnds()
      do {
        _ = try trial.finish()
      } catch let failure as BenchmarkFailure {
        throw BenchmarkFailure(description: "\(variant.name): \(failure.description)")
      }
      print("region \(label) \(variant.name)\t\(variant.units(size))")
    }
  }
}

/// The start of a counted region. It does next to nothing: callgrind runs with
/// `--zero-before=conduit_region_begin --dump-before=conduit_region_end`, so the costs are zeroed
/// when a region starts and written out, one file per region, when it ends. The symbols get C
/// names because callgrind matches those options against names exactly, and Swift's are mangled.
/// (Not a C target: valgrind 3.19 cannot read the DWARF 5 that this toolchain's clang emits.)
@MainActor @inline(never) @_silgen_name("conduit_region_begin")
func regionBegins() {
  regionMarker &+= 1
}

/// The end of a counted region; see ``regionBegins()``.
@MainActor @inline(never) @_silgen_name("conduit_region_end")
func regionEnds() {
  regionMarker &+= 2
}

/// Written by the region bounds, so that they are not empty and cannot be merged into one.
@MainActor var regionMarker = 0

/// What one variant measured.
struct CountedResult: Codable {
  var name: String
  var unit: String
  var instructionsPerUnit: Double
  /// The instructions and units of the two counted runs.
  var small: CountedRun
  var large: CountedRun
}

/// One counted run: its instructions and units of work.
struct CountedRun: Codable {
  var instructions: Int
  var units: Int
}

/// A comparison's value, with its goal when it has one.
struct InstructionComparisonResult: Codable {
  var label: String
  /// "x" for ratios, "instructions" otherwise.
  var unit: String
  var value: Double
  var goal: Goal?
  var meetsGoal: Bool?
}

/// The figures of one instruction scenario.
struct InstructionScenarioResult: Codable {
  var name: String
  var title: String
  var variants: [CountedResult]
  var comparisons: [InstructionComparisonResult]
}

/// Why the instruction mode could not measure.
struct InstructionModeFailure: Error, CustomStringConvertible {
  var description: String
}

/// Runs each scenario in a child process of this executable under callgrind, and works out the
/// instructions per unit and the comparisons from the dumps.
@MainActor
func measureInstructions(
  _ scenarios: [InstructionScenario], quick: Bool, progress: (String) -> Void
) throws -> [InstructionScenarioResult] {
  guard let valgrind = executableOnPath("valgrind") else {
    throw InstructionModeFailure(
      description: "--instructions needs valgrind (its callgrind tool) on the PATH")
  }
  let executable = try currentExecutable()
  let configuration = RunConfiguration(quick: quick)
  var results: [InstructionScenarioResult] = []
  for scenario in scenarios {
    progress("instructions: \(scenario.name)")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("conduit-callgrind-\(ProcessInfo.processInfo.processIdentifier)")
      .appendingPathComponent(scenario.name)
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let dumps = directory.appendingPathComponent("callgrind.out").path
    let log = directory.appendingPathComponent("valgrind.log").path
    var arguments = [
      "--tool=callgrind", "--zero-before=conduit_region_begin",
      "--dump-before=conduit_region_end", "--dump-line=no", "--callgrind-out-file=\(dumps)",
      "--log-file=\(log)", executable, "--instruction-child", scenario.name,
    ]
    if quick { arguments.append("--quick") }
    let (status, output) = try run(valgrind, arguments)
    guard status == 0 else {
      let tail = (try? String(contentsOfFile: log, encoding: .utf8))?
        .split(separator: "\n").suffix(15).joined(separator: "\n")
      throw InstructionModeFailure(
        description: """
          \(scenario.name): the counted child exited with status \(status)
          \(output.split(separator: "\n").filter { !$0.hasPrefix("region ") }.joined(separator: "\n"))
          \(tail ?? "")
          """)
    }
    let regions = output.split(separator: "\n").filter { $0.hasPrefix("region ") }
    var counts: [Int] = []
    for index in regions.indices {
      let path = "\(dumps).\(index + 1)"
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
        let value = Int(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
      else {
        throw InstructionModeFailure(
          description: "\(scenario.name): no instruction count in \(path) for \(regions[index])")
      }
      counts.append(value)
    }
    results.append(try summarize(scenario, regions: regions, counts: counts, configuration))
  }
  return results
}

/// Pairs the child's regions with their counts and works out the figures.
@MainActor
private func summarize(
  _ scenario: InstructionScenario, regions: [Substring], counts: [Int],
  _ configuration: RunConfiguration
) throws -> InstructionScenarioResult {
  let plan = scenario.plan(configuration)
  guard regions.count == plan.variants.count * 3 else {
    throw InstructionModeFailure(
      description: "\(scenario.name): \(regions.count) regions for \(plan.variants.count) variants")
  }
  var variants: [CountedResult] = []
  for (index, variant) in plan.variants.enumerated() {
    let units = regions[(3 * index + 1)...(3 * index + 2)].map { line in
      Int(line.split(separator: "\t").last ?? "") ?? 0
    }
    let small = CountedRun(instructions: counts[3 * index + 1], units: units[0])
    let large = CountedRun(instructions: counts[3 * index + 2], units: units[1])
    try require(large.units > small.units, "\(variant.name): the sizes give no more work")
    variants.append(
      CountedResult(
        name: variant.name, unit: variant.unit,
        instructionsPerUnit: Double(large.instructions - small.instructions)
          / Double(large.units - small.units),
        small: small, large: large))
  }
  func perUnit(_ name: String) -> Double? {
    variants.first { $0.name == name }?.instructionsPerUnit
  }
  let comparisons = plan.comparisons.compactMap { comparison -> InstructionComparisonResult? in
    let value: Double
    let unit: String
    switch comparison.kind {
    case .ratio(let numerator, let denominator):
      guard let top = perUnit(numerator), let bottom = perUnit(denominator) else { return nil }
      value = top / bottom
      unit = "x"
    case .difference(let numerator, let denominator, let per):
      guard let top = perUnit(numerator), let bottom = perUnit(denominator) else { return nil }
      value = (top - bottom) / per
      unit = "instructions"
    case .value(let name):
      guard let figure = perUnit(name) else { return nil }
      value = figure
      unit = "instructions"
    }
    return InstructionComparisonResult(
      label: comparison.label, unit: unit, value: value, goal: comparison.goal,
      meetsGoal: comparison.goal.map { value <= $0.atMost })
  }
  return InstructionScenarioResult(
    name: scenario.name, title: scenario.title, variants: variants, comparisons: comparisons)
}

/// The path of an executable named `name` in one of the PATH's directories.
private func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The path of this executable, for running it again under callgrind.
private func currentExecutable() throws -> String {
  #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
  #endif
  guard let path = Bundle.main.executablePath else {
    throw InstructionModeFailure(description: "cannot find the path of this executable")
  }
  return path
}

/// Runs a program to its end; returns its exit status and standard output.
private func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

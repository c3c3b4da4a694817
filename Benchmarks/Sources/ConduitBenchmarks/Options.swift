/// The command line of `conduit-benchmarks`.
struct Options {
  var quick = false
  var json = false
  /// Whether `--help` was given.
  var help = false
  /// Whether to count instructions under callgrind instead of timing.
  var instructions = false
  /// The instruction scenario this process runs as the child of an `--instructions` run.
  var instructionChild: InstructionScenario?
  /// The scenarios to run, in the README's order.
  var scenarios = Scenario.all
  /// The scenarios of `--instructions`, in the README's order.
  var instructionScenarios = InstructionScenario.all

  static let usage = """
    usage: conduit-benchmarks [--instructions] [--quick] [--json] [--filter NAME]...

      --instructions count instructions under valgrind's callgrind instead of timing
                     (needs valgrind on the PATH; about a minute, 20 s with --quick)
      --quick        a seconds-long smoke run: fewer operations, N at most 10,000
      --json         print the report as JSON instead of tables
      --filter NAME  run only the scenario NAME (repeat for several); one of:
                     \(Scenario.all.map(\.name).joined(separator: ", "))
                     with --instructions, one of:
                     \(InstructionScenario.all.map(\.name).joined(separator: ", "))
      --help         print this message

    Build in release mode for real figures:
      swift run -c release --package-path Benchmarks conduit-benchmarks
    """

  /// Why the command line was refused; printed with the usage.
  struct Refusal: Error {
    var message: String
  }

  init(arguments: [String]) throws(Refusal) {
    var filters: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--json": json = true
      case "--instructions": instructions = true
      case "--instruction-child":
        // Internal: how an `--instructions` run starts each scenario under callgrind.
        guard let name = remaining.popFirst(),
          let scenario = InstructionScenario.all.first(where: { $0.name == name })
        else {
          throw Refusal(message: "--instruction-child needs an instruction scenario name")
        }
        instructionChild = scenario
      case "--help", "-h": help = true
      case "--filter":
        guard let name = remaining.popFirst(), !name.hasPrefix("--") else {
          throw Refusal(message: "--filter needs a scenario name")
        }
        filters.append(name)
      case let other where other.hasPrefix("--filter="):
        filters.append(String(other.dropFirst("--filter=".count)))
      default:
        throw Refusal(message: "unknown argument '\(argument)'")
      }
    }
    guard !filters.isEmpty else { return }
    let names = instructions ? InstructionScenario.all.map(\.name) : Scenario.all.map(\.name)
    if let unknown = filters.first(where: { !names.contains($0) }) {
      let mode = instructions ? " with --instructions" : ""
      throw Refusal(
        message: "no scenario named '\(unknown)'\(mode); valid names: "
          + names.joined(separator: ", "))
    }
    scenarios = Scenario.all.filter { filters.contains($0.name) }
    instructionScenarios = InstructionScenario.all.filter { filters.contains($0.name) }
  }
}

/// The command line of `conduit-benchmarks`.
struct Options {
  var quick = false
  var json = false
  /// Whether `--help` was given.
  var help = false
  /// The scenarios to run, in the README's order.
  var scenarios = Scenario.all

  static let usage = """
    usage: conduit-benchmarks [--quick] [--json] [--filter NAME]...

      --quick        a seconds-long smoke run: fewer operations, N at most 10,000
      --json         print the report as JSON instead of tables
      --filter NAME  run only the scenario NAME (repeat for several); one of:
                     \(Scenario.all.map(\.name).joined(separator: ", "))
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
    let names = Scenario.all.map(\.name)
    if let unknown = filters.first(where: { !names.contains($0) }) {
      throw Refusal(
        message: "no scenario named '\(unknown)'; valid names: \(names.joined(separator: ", "))")
    }
    scenarios = Scenario.all.filter { filters.contains($0.name) }
  }
}

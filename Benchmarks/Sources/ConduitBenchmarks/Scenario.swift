/// One of the benchmark scenarios the README defines, with the variants it compares.
struct Scenario: Sendable {
  /// The name `--filter` takes.
  var name: String
  /// What the scenario measures, in a line.
  var title: String
  /// What one operation is: "send", "action", "store".
  var unit: String
  /// Builds the variants for a run of the given size.
  var plan: @MainActor @Sendable (RunConfiguration) -> Plan

  /// Every scenario, in the README's order.
  static let all: [Scenario] = [
    .counter, .fanout, .unrelated, .deep, .connectChurn, .scopeExtraction, .memory, .listEdits,
    .rowStoreEdits, .stackDepth,
    // Last: once it traces a store, every later send notes its action (in debug builds).
    .renderTrace,
  ]

  /// Measures every variant and works out the comparisons.
  @MainActor
  func run(
    in configuration: RunConfiguration, progress: (String) -> Void
  ) throws -> ScenarioResult {
    let plan = plan(configuration)
    var results: [VariantResult] = []
    for variant in plan.variants {
      progress("\(name): \(variant.name)")
      results.append(try measure(variant, in: configuration))
    }
    let comparisons = plan.comparisons.compactMap { comparison -> ComparisonResult? in
      guard
        let numerator = results.first(where: { $0.name == comparison.numerator }),
        let denominator = results.first(where: { $0.name == comparison.denominator })
      else { return nil }
      let top = numerator.nanosecondsPerOperation.median
      let bottom = denominator.nanosecondsPerOperation.median
      let value = comparison.kind == .ratio ? top / bottom : top - bottom
      return ComparisonResult(
        label: comparison.label, kind: comparison.kind, value: value, goal: comparison.goal,
        meetsGoal: comparison.goal.map { value <= $0.atMost })
    }
    return ScenarioResult(
      name: name, title: title, unit: unit, variants: results, pending: plan.pending,
      comparisons: comparisons)
  }
}

/// The variants of one scenario and what to compare between them.
struct Plan {
  var variants: [Variant] = []
  /// Variants the README keeps a row for, waiting on another issue.
  var pending: [String] = []
  var comparisons: [Comparison] = []
}

/// A comparison of two variants' median times, measured in the same run.
struct Comparison {
  enum Kind: String, Codable {
    /// numerator / denominator
    case ratio
    /// numerator − denominator, in nanoseconds per operation
    case difference
  }

  var label: String
  var kind = Kind.ratio
  var numerator: String
  var denominator: String
  var goal: Goal?
}

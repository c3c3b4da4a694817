import Foundation

/// The median and range of a figure over the timed repetitions.
struct Summary: Codable {
  var median: Double
  var min: Double
  var max: Double
  var samples: [Double]

  init(_ samples: [Double]) {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    self.median =
      sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    self.min = sorted.first ?? 0
    self.max = sorted.last ?? 0
    self.samples = samples
  }
}

/// The figures of one variant.
struct VariantResult: Codable {
  var name: String
  /// Operations per timed repetition.
  var operations: Int
  var nanosecondsPerOperation: Summary
  var callbacksPerOperation: Double?
  var idealCallbacksPerOperation: Int?
  var metrics: [MetricResult]
}

/// A figure other than time, with its goal when it has one.
struct MetricResult: Codable {
  var name: String
  var unit: String
  var value: Summary?
  var goal: Goal?
  var meetsGoal: Bool?
}

/// A comparison between two variants, with its goal when it has one.
struct ComparisonResult: Codable {
  var label: String
  var kind: Comparison.Kind
  var value: Double
  var goal: Goal?
  var meetsGoal: Bool?
}

/// The figures of one scenario.
struct ScenarioResult: Codable {
  var name: String
  var title: String
  var unit: String
  var variants: [VariantResult]
  var pending: [String]
  var comparisons: [ComparisonResult]
}

/// Everything one run measured.
struct Report: Codable {
  var mode: String
  var repetitions: Int
  var warmups: Int
  var machine: Machine
  var scenarios: [ScenarioResult]
  var peakResidentBytes: Int?
  var elapsedSeconds: Double

  /// The report as pretty-printed JSON.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The report as aligned text tables.
  func text() -> String {
    var lines: [String] = [
      "Conduit benchmarks: \(mode) run, median and min–max of \(repetitions) repetitions "
        + "after \(warmups) warm-up",
      "Machine: \(machine.processor), \(machine.cores) cores, \(machine.system)",
    ]
    for (index, scenario) in scenarios.enumerated() {
      lines.append("")
      lines.append("\(index + 1). \(scenario.name): \(scenario.title)")
      lines.append(contentsOf: table(for: scenario))
      for pending in scenario.pending {
        lines.append("   \(pending): pending")
      }
      for comparison in scenario.comparisons {
        lines.append("   \(comparison.label): \(describe(comparison))")
      }
    }
    lines.append("")
    if let peakResidentBytes {
      lines.append("Peak memory (resident): \(format(Double(peakResidentBytes) / 1_048_576)) MiB")
    } else {
      lines.append("Peak memory (resident): unknown on this platform")
    }
    lines.append("Total time: \(format(elapsedSeconds)) s")
    return lines.joined(separator: "\n")
  }

  private func table(for scenario: ScenarioResult) -> [String] {
    var rows: [[String]] = [
      [
        "variant", "\(scenario.unit)s", "median ns/\(scenario.unit)", "min–max",
        "callbacks/\(scenario.unit) (ideal)",
      ]
    ]
    var notes: [Int: [String]] = [:]
    for variant in scenario.variants {
      let time = variant.nanosecondsPerOperation
      var callbacks = "n/a"
      if let measured = variant.callbacksPerOperation {
        callbacks = format(measured)
        if let ideal = variant.idealCallbacksPerOperation { callbacks += " (\(ideal))" }
      }
      rows.append([
        variant.name, grouped(variant.operations), format(time.median),
        "\(format(time.min))–\(format(time.max))", callbacks,
      ])
      notes[rows.count - 1] = variant.metrics.map { metric in
        guard let value = metric.value else { return "\(metric.name): not measured here" }
        var line =
          "\(metric.name): \(format(value.median)) \(metric.unit) "
          + "(\(format(value.min))–\(format(value.max)))"
        if let goal = metric.goal, let meets = metric.meetsGoal {
          line += meets ? "  meets" : "  MISSES"
          line += " the goal ≤ \(format(goal.atMost)) (\(goal.source))"
        }
        return line
      }
    }
    let widths = rows[0].indices.map { column in
      rows.map { $0[column].count }.max() ?? 0
    }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }
      lines.append("   " + cells.joined(separator: "  "))
      for note in notes[index] ?? [] {
        lines.append("      " + note)
      }
    }
    return lines
  }

  private func describe(_ comparison: ComparisonResult) -> String {
    var text =
      comparison.kind == .ratio
      ? "\(format(comparison.value))x" : "\(format(comparison.value)) ns"
    if let goal = comparison.goal, let meets = comparison.meetsGoal {
      let target = comparison.kind == .ratio ? "\(format(goal.atMost))x" : format(goal.atMost)
      text += meets ? "  meets" : "  MISSES"
      text += " the goal ≤ \(target) (\(goal.source))"
    }
    return text
  }
}

/// A figure with three significant digits or so, and thousands grouped.
func format(_ value: Double) -> String {
  let magnitude = abs(value)
  if magnitude >= 1000 || value == value.rounded() { return grouped(Int(value.rounded())) }
  if magnitude >= 100 { return String(format: "%.0f", value) }
  if magnitude >= 10 { return String(format: "%.1f", value) }
  return String(format: "%.2f", value)
}

/// An integer with thousands separated by commas: 100,000.
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index).isMultiple(of: 3) { result.append(",") }
    result.append(digit)
  }
  return value < 0 ? "-" + result : result
}

import Foundation

/// Everything one `--instructions` run counted.
struct InstructionReport: Codable {
  var mode: String
  var machine: Machine
  var scenarios: [InstructionScenarioResult]
  var elapsedSeconds: Double

  /// The report as pretty-printed JSON.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The report as aligned text tables, then every goal met or missed.
  func text() -> String {
    var lines: [String] = [
      "Conduit benchmarks: instruction counts under callgrind, \(mode) run",
      "Each variant runs at two sizes; instructions per unit = (large − small) / (units large − "
        + "units small).",
      "Machine: \(machine.processor), \(machine.cores) cores, \(machine.system)",
    ]
    var met = 0
    var missed: [String] = []
    for (index, scenario) in scenarios.enumerated() {
      lines.append("")
      lines.append("\(index + 1). \(scenario.name): \(scenario.title)")
      var rows = [["variant", "instructions per unit", "unit", "small run", "large run"]]
      for variant in scenario.variants {
        rows.append([
          variant.name, format(variant.instructionsPerUnit), variant.unit,
          "\(grouped(variant.small.instructions)) / \(grouped(variant.small.units))",
          "\(grouped(variant.large.instructions)) / \(grouped(variant.large.units))",
        ])
      }
      lines.append(contentsOf: aligned(rows))
      for comparison in scenario.comparisons {
        let value =
          comparison.unit == "x"
          ? "\(format(comparison.value))x" : "\(format(comparison.value)) instructions"
        var line = "   \(comparison.label): \(value)"
        if let goal = comparison.goal, let meets = comparison.meetsGoal {
          let target = comparison.unit == "x" ? "\(format(goal.atMost))x" : format(goal.atMost)
          line += meets ? "  meets" : "  MISSES"
          line += " the goal ≤ \(target) (\(goal.source))"
          if meets { met += 1 } else { missed.append("\(scenario.name): \(comparison.label)") }
        }
        lines.append(line)
      }
    }
    lines.append("")
    lines.append("Goals: \(met) of \(met + missed.count) met.")
    for miss in missed { lines.append("   missed: \(miss)") }
    lines.append("Total time: \(format(elapsedSeconds)) s")
    return lines.joined(separator: "\n")
  }

  private func aligned(_ rows: [[String]]) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      let cells = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 || column == 2 ? cell + padding : padding + cell
      }
      return "   " + cells.joined(separator: "  ")
    }
  }
}

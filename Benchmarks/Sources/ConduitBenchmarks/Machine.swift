import Foundation

/// The machine the figures were measured on, printed with every report.
struct Machine: Codable {
  var processor: String
  var cores: Int
  var system: String

  static func current() -> Machine {
    Machine(
      processor: processorName() ?? "unknown processor",
      cores: ProcessInfo.processInfo.activeProcessorCount,
      system: "\(operatingSystem) \(architecture)")
  }

  private static func processorName() -> String? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last?
      .trimmingCharacters(in: .whitespaces)
  }

  private static var operatingSystem: String {
    #if os(Linux)
      "Linux"
    #elseif os(macOS)
      "macOS"
    #else
      "unknown system"
    #endif
  }

  private static var architecture: String {
    #if arch(x86_64)
      "x86_64"
    #elseif arch(arm64)
      "arm64"
    #else
      "unknown architecture"
    #endif
  }
}

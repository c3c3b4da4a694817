import CHeapStats
import Foundation

/// Reads how much memory the process uses, for the report and for scenario 7.
enum ProcessMemory {
  /// The most memory the process has held resident at once, in bytes.
  ///
  /// On Linux this is `VmHWM` from `/proc/self/status`; elsewhere `getrusage`'s `ru_maxrss`.
  static func peakResidentBytes() -> Int? {
    #if os(Linux)
      return statusField("VmHWM")
    #else
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
      #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes on the BSDs
      #endif
    #endif
  }

  /// The bytes the C allocator has handed out and not yet taken back; nil where unknown.
  ///
  /// Every Swift object, closure context and array buffer is allocated through it, so the
  /// difference across a piece of code is what that code keeps alive.
  static func heapBytesInUse() -> Int? {
    let bytes = conduit_heap_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
  }

  #if os(Linux)
    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
      else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
        return kilobytes * 1024
      }
      return nil
    }
  #endif
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns signals that would end the process into calls on a thread of the app's, so it can
/// finish the save in progress first.
///
/// Dispatch's signal sources would be the obvious choice, but on Linux they read the signals
/// through a `signalfd`, which sees a signal only while every thread blocks it; one that a
/// thread of the runtime or the input reader takes instead is lost. So a plain handler, which
/// runs on whatever thread the kernel picks, writes the signal's number to a pipe (`write` is
/// async-signal-safe), and a thread reads the pipe.
enum Signals {
  /// The signals that ask a program to stop: each mode finishes what it is doing, then exits
  /// with 128 plus the number.
  static let stopping = [SIGINT, SIGTERM, SIGHUP]

  /// Calls `handler` on a thread of its own for each of `numbers`, instead of their default
  /// action, from now until the process ends. Call it once per process.
  ///
  /// - Parameters:
  ///   - numbers: The signals, each below 256.
  ///   - handler: Called with the number of each signal that arrives, in order.
  /// - Returns: false when the pipe cannot be made; the signals keep their default action.
  @discardableResult
  static func handle(_ numbers: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A handler must never block, even if nobody reads the pipe.
    _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
    SignalPipe.writeEnd = ends[1]
    let readEnd = ends[0]
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let count = read(readEnd, &byte, 1)
        if count == 1 {
          handler(Int32(byte))
        } else if count < 0, errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
    for number in numbers {
      _ = signal(number) { SignalPipe.forward($0) }
    }
    return true
  }
}

/// The pipe's write end, kept where a signal handler can reach it without allocating.
///
/// `nonisolated(unsafe)`: written once, before any handler that reads it is installed.
private enum SignalPipe {
  nonisolated(unsafe) static var writeEnd: Int32 = -1

  static func forward(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    let saved = errno
    _ = write(writeEnd, &byte, 1)
    // The interrupted code may be about to read errno.
    errno = saved
  }
}

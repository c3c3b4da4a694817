import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Line mode's input: lines of standard input and stopping signals, as one stream of events in
/// the order they happened.
///
/// Lines are read on a thread of their own, one when asked for (``requestLine()``), so that a
/// signal that comes while a command runs is the next event, ahead of commands not read yet,
/// and `quit` leaves the rest of the input unread. It reads with `read(2)` rather than stdio,
/// so that exiting never waits on a stdio lock the blocked reader holds.
@MainActor
final class StandardInput {
  let events: AsyncStream<LineMode.Input>
  private let wanted = DispatchSemaphore(value: 0)

  /// Starts listening for the stopping signals, and the thread that reads lines.
  init(descriptor: Int32 = 0) {
    let continuation: AsyncStream<LineMode.Input>.Continuation
    (events, continuation) = AsyncStream.makeStream(of: LineMode.Input.self)
    let wanted = wanted
    Signals.handle(Signals.stopping) { continuation.yield(.signal($0)) }
    Thread.detachNewThread {
      var reader = LineReader(descriptor: descriptor)
      while true {
        wanted.wait()
        guard let line = reader.next() else { break }
        continuation.yield(.line(line))
      }
      continuation.finish()
    }
  }

  /// Asks the reading thread for one more line.
  func requestLine() {
    wanted.signal()
  }
}

/// Splits what a file descriptor delivers into lines, like `readLine()`: without the `\n` or
/// `\r\n`, and with a last line that has no newline.
struct LineReader {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  private var atEnd = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  mutating func next() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = buffer[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        defer { buffer.removeSubrange(...newline) }
        return String(decoding: line, as: UTF8.self)
      }
      if atEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[0..<count]
      } else if count == 0 || errno != EINTR {
        atEnd = true
      }
    }
  }
}

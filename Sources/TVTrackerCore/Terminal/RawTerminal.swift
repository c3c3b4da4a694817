import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts the terminal in raw mode on the alternate screen, and always puts it back.
///
/// Restoring happens on every way out: ``restore()`` on a normal quit or a handled signal, an
/// `atexit` hook for an `exit` from anywhere, and, for a crash, a signal handler that restores
/// the saved settings (`tcsetattr` and `write` are async-signal-safe) before the crash goes on.
@MainActor
enum RawTerminal {
  /// Switches standard input to raw mode and standard output to the alternate screen.
  ///
  /// - Returns: false when standard input is not a terminal whose settings can be read.
  static func enter() -> Bool {
    guard !SavedTerminal.isRaw, tcgetattr(0, SavedTerminal.settings) == 0 else { return false }
    let raw = TerminalSettings.allocate()
    defer { raw.deallocate() }
    raw.pointee = SavedTerminal.settings.pointee
    raw.pointee.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.pointee.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    withUnsafeMutableBytes(of: &raw.pointee.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, raw) == 0 else { return false }
    SavedTerminal.isRaw = true
    // Touch the sequence now, so a crash handler never runs its lazy initialization.
    _ = SavedTerminal.leaveSequence.count
    atexit { SavedTerminal.restore() }
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
      Glue.installCrashHandler(signal)
    }
    SavedTerminal.write(SavedTerminal.enterSequence)
    return true
  }

  /// Leaves raw mode and the alternate screen; does nothing when not in raw mode.
  static func restore() {
    SavedTerminal.restore()
  }

  /// The terminal's size in columns and rows; 80 by 24 when it cannot be read.
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to standard output at once, unbuffered.
  static func write(_ text: String) {
    SavedTerminal.write(Array(text.utf8))
  }
}

/// The settings to go back to, kept where a signal handler can reach them without allocating.
///
/// `nonisolated(unsafe)`: written once on the main thread before any handler is installed, and
/// read by ``restore()``, which runs on the main thread or in a crash handler, after which the
/// process ends.
private enum SavedTerminal {
  /// On the heap: see ``TerminalSettings``.
  nonisolated(unsafe) static let settings = TerminalSettings.allocate()
  nonisolated(unsafe) static var isRaw = false

  /// Alternate screen on, cursor hidden.
  static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
  /// Cursor shown, alternate screen off.
  static let leaveSequence = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

  static func restore() {
    guard isRaw else { return }
    isRaw = false
    write(leaveSequence)
    tcsetattr(0, TCSAFLUSH, settings)
  }

  static func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = Glue.write(1, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return }
        offset += count
      }
    }
  }

  fileprivate static func restoreThenCrash(_ signal: Int32) {
    restore()
    Glue.resetAndRaise(signal)
  }
}

/// C calls whose names clash with the types above.
private enum Glue {
  static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
      Musl.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }

  static func installCrashHandler(_ number: Int32) {
    _ = signal(number) { SavedTerminal.restoreThenCrash($0) }
  }

  static func resetAndRaise(_ number: Int32) {
    _ = signal(number, SIG_DFL)
    raise(number)
  }
}

/// Room for a `termios` that the C library may fill whole.
///
/// Swift's `termios` has a size of 57 bytes on Linux, its fields without the C struct's trailing
/// padding, but `tcgetattr` writes all of `sizeof(struct termios)`, 60 bytes: a Swift variable
/// passed as `&settings` loses its last 3 bytes to the write (the address sanitizer caught it,
/// on a global). A heap allocation is the type's stride, which includes the padding.
enum TerminalSettings {
  static func allocate() -> UnsafeMutablePointer<termios> {
    let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    settings.initialize(to: termios())
    return settings
  }
}

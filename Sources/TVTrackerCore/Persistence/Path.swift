/// A file-system path as the user wrote it, taken apart the way POSIX `dirname` and `basename`
/// do.
///
/// The toolchain has no `System` module on Linux, and `NSString`'s path methods crash on some
/// inputs there (`"x"` among them), so the app splits paths itself. It splits on the `/` byte of
/// the UTF-8 form, never on `Character`s: a combining mark after a slash makes one `Character`
/// of the two, but the kernel still sees a separator.
///
/// ```swift
/// Path("d/history.json").parent  // "d"
/// Path("history.json").parent    // "."
/// Path("/").lastComponent         // nil
/// ```
struct Path: Hashable, Sendable, CustomStringConvertible {
  /// The path exactly as given; what messages show.
  let string: String

  init(_ string: String) {
    self.string = string
  }

  var description: String { string }

  /// Whether the path starts at the root folder.
  var isAbsolute: Bool { string.utf8.first == Self.separator }

  /// The names between the slashes, without the empty ones that repeated or trailing slashes
  /// leave; `.` and `..` are kept, since only the file system knows what `..` leads to.
  var components: [String] {
    string.utf8.split(separator: Self.separator).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The last name of the path: nil for `""` and `/`; `.` for `.`; `x` for `d/x/`.
  var lastComponent: String? {
    components.last
  }

  /// The folder that holds ``lastComponent``: `.` for a bare name, `/` for `/x` and for `/`.
  var parent: Path {
    var rest = components
    if !rest.isEmpty { rest.removeLast() }
    if isAbsolute { return Path("/" + rest.joined(separator: "/")) }
    return rest.isEmpty ? Path(".") : Path(rest.joined(separator: "/"))
  }

  /// Whether the path can only name a folder, whatever is on disk: `/`, `.`, `..`, anything
  /// ending in a slash, `/.` or `/..`.
  var namesFolder: Bool {
    guard let last = lastComponent else { return true }
    return last == "." || last == ".." || string.utf8.last == Self.separator
  }

  /// This path with `component` (a name, or a relative path) added at the end.
  func appending(_ component: String) -> Path {
    if string.isEmpty { return Path(component) }
    if string.utf8.last == Self.separator { return Path(string + component) }
    return Path(string + "/" + component)
  }

  /// `other` taken relative to this path when it is relative, as the kernel reads a symbolic
  /// link's target relative to the folder holding the link.
  func resolving(_ other: Path) -> Path {
    other.isAbsolute || string == "." ? other : appending(other.string)
  }

  private static let separator = UInt8(ascii: "/")
}

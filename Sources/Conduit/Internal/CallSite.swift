/// Where in the source a reducer or scope was written, for keys and messages.
struct CallSite: Hashable, Sendable, CustomStringConvertible {
  /// The address of the `#fileID` literal: unique per file, and cheap to hash.
  private let file: UInt
  let fileID: StaticString
  let line: UInt
  let column: UInt

  init(fileID: StaticString, line: UInt, column: UInt) {
    self.file = UInt(bitPattern: fileID.utf8Start)
    self.fileID = fileID
    self.line = line
    self.column = column
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.file == rhs.file && lhs.line == rhs.line && lhs.column == rhs.column
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(line)
    hasher.combine(column)
  }

  var description: String { "\(fileID):\(line)" }
}

/// The cancellation identifier of the effects of one element of a `forEach`.
struct ElementEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  let site: CallSite
  let id: ID
}

/// The cancellation identifier of the effects of an `ifLet` child.
struct ChildEffectID: Hashable, Sendable {
  let site: CallSite
}

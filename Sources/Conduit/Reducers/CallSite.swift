/// Where in the source a reducer or scope was written, for keys and messages.
@usableFromInline
struct CallSite: Hashable, Sendable, CustomStringConvertible {
  /// The address of the `#fileID` literal: unique per file, and cheap to hash.
  @usableFromInline let file: UInt
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @inlinable
  init(fileID: StaticString, line: UInt, column: UInt) {
    self.file = UInt(bitPattern: fileID.utf8Start)
    self.fileID = fileID
    self.line = line
    self.column = column
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.file == rhs.file && lhs.line == rhs.line && lhs.column == rhs.column
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(line)
    hasher.combine(column)
  }

  @usableFromInline
  var description: String { "\(fileID):\(line)" }
}

/// The cancellation identifier of the effects of one element of a `forEach`.
@usableFromInline
struct ElementEffectID<ID: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let site: CallSite
  @usableFromInline let id: ID

  @inlinable
  init(site: CallSite, id: ID) {
    self.site = site
    self.id = id
  }
}

/// The cancellation identifier of the effects of an `ifLet` child.
@usableFromInline
struct ChildEffectID: Hashable, Sendable {
  @usableFromInline let site: CallSite

  @inlinable
  init(site: CallSite) {
    self.site = site
  }
}

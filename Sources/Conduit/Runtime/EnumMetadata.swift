/// Reads an enum value's case and payload through the Swift runtime's metadata.
///
/// Conduit cannot use macros to generate case paths, so it inverts an enum case constructor such
/// as `AppAction.search` by asking the runtime which case a value holds. The layouts read here are
/// part of Swift's stable ABI (the value witness table of an enum, and the field descriptor the
/// compiler emits for reflection): the same data `Mirror` uses, read without `Mirror`'s boxing and
/// allocations, so finding a value's case costs a few nanoseconds instead of a microsecond or two.
@usableFromInline
struct EnumMetadata {
  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let witnesses: UnsafePointer<EnumValueWitnessTable>

  /// The metadata of `type`, or nil when it is not an enum (or an `Optional`).
  @inlinable
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    // MetadataKind: 0x201 is an enum, 0x202 an Optional; both carry enum witnesses.
    guard kind == 0x201 || kind == 0x202 else { return nil }
    let table = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size,
      as: UnsafePointer<EnumValueWitnessTable>.self)
    // ValueWitnessFlags.HasEnumWitnesses: without it the table is a plain one and has no tag
    // functions after `extraInhabitantCount`.
    guard table.pointee.flags & 0x0020_0000 != 0 else { return nil }
    self.metadata = metadata
    self.witnesses = table
  }

  /// The case `value` holds: payload cases are numbered first, in declaration order, then the
  /// cases without payload.
  @inlinable
  func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { witnesses.pointee.getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// The static type of the payload of case `tag`, and whether it is stored out of line
  /// (`indirect case`, so the value's bytes hold a box reference); nil for a case without one.
  func payload(ofCase tag: UInt32) -> (type: Any.Type, isIndirect: Bool)? {
    // Enum metadata: kind, then the nominal type descriptor, then (for generic enums) the
    // generic arguments, each a pointer-sized word (4 bytes on watchOS's arm64_32). In the descriptor, offset 16 holds a relative pointer to the field
    // descriptor, whose 16-byte header is followed by one record per case, payload cases first
    // so that a record's index is its tag. A record is flags, then relative pointers to the
    // payload's mangled type name and to the case name.
    let word = MemoryLayout<UnsafeRawPointer>.size
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    guard let fields = Self.relative(descriptor + 16) else { return nil }
    let count = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard tag < count else { return nil }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let record = fields + 16 + Int(tag) * recordSize
    guard let name = Self.relative(record + 4) else { return nil }
    let mangledName = name.assumingMemoryBound(to: UInt8.self)
    // The runtime resolves the name, symbolic references and generic parameters included,
    // exactly as `Mirror` does.
    guard
      let type = _getTypeByMangledNameInContext(
        mangledName, UInt(Self.length(ofMangledName: mangledName)),
        genericContext: descriptor, genericArguments: metadata + 2 * word)
    else { return nil }
    let flags = record.load(as: UInt32.self)
    return (type, flags & 0x1 != 0)
  }

  /// The target of a 32-bit relative pointer, or nil for a null one.
  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }

  /// The length of a mangled name that may embed symbolic references: bytes 0x01–0x17 start a
  /// 4-byte relative reference, 0x18–0x1F a pointer-sized absolute one.
  private static func length(ofMangledName name: UnsafePointer<UInt8>) -> Int {
    var index = 0
    while true {
      switch name[index] {
      case 0: return index
      case 0x01...0x17: index += 1 + 4
      case 0x18...0x1F: index += 1 + MemoryLayout<UnsafeRawPointer>.size
      default: index += 1
      }
    }
  }

  /// Copies the payload out of `value`, which must hold case `tag` with a payload laid out
  /// exactly as `Payload` and stored inline (not `indirect`).
  @inlinable
  func payload<Enum, Payload>(of value: Enum, tag: UInt32, as _: Payload.Type) -> Payload {
    withProjectedPayload(of: value, tag: tag) { $0.load(as: Payload.self) }
  }

  @inlinable
  func withProjectedPayload<Enum, Result>(
    of value: Enum, tag: UInt32, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    var copy = value
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      // Projecting clears the tag bits the enum may keep inside the payload's spare bits; the tag
      // is put back before `copy` is destroyed so its payload is released correctly.
      witnesses.pointee.destructiveProjectEnumData(raw, metadata)
      defer { witnesses.pointee.destructiveInjectEnumTag(raw, tag, metadata) }
      return body(UnsafeRawPointer(raw))
    }
  }
}

/// The layout of the runtime's `EnumValueWitnessTable` (swift/ABI/ValueWitness.def).
@usableFromInline
struct EnumValueWitnessTable {
  @usableFromInline let initializeBufferWithCopyOfBuffer: UnsafeRawPointer
  @usableFromInline let destroy: UnsafeRawPointer
  @usableFromInline let initializeWithCopy: UnsafeRawPointer
  @usableFromInline let assignWithCopy: UnsafeRawPointer
  @usableFromInline let initializeWithTake: UnsafeRawPointer
  @usableFromInline let assignWithTake: UnsafeRawPointer
  @usableFromInline let getEnumTagSinglePayload: UnsafeRawPointer
  @usableFromInline let storeEnumTagSinglePayload: UnsafeRawPointer
  @usableFromInline let size: Int
  @usableFromInline let stride: Int
  @usableFromInline let flags: UInt32
  @usableFromInline let extraInhabitantCount: UInt32
  @usableFromInline let getEnumTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline let destructiveProjectEnumData:
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline let destructiveInjectEnumTag:
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void
}

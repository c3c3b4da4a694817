/// Reads an enum value's case and payload through the Swift runtime's metadata.
///
/// Conduit cannot use macros to generate case paths, so it inverts an enum case constructor such
/// as `AppAction.search` by asking the runtime which case a value holds. The layouts read here are
/// part of Swift's stable ABI (the value witness table of an enum, and the field descriptor the
/// compiler emits for reflection): the same data `Mirror` uses, read without `Mirror`'s boxing and
/// allocations, so finding a value's case costs a few nanoseconds instead of a microsecond or two.
struct EnumMetadata {
  private let metadata: UnsafeRawPointer
  private let witnesses: UnsafePointer<EnumValueWitnessTable>

  /// The metadata of `type`, or nil when it is not an enum (or an `Optional`).
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
  func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { witnesses.pointee.getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// Whether the payload of case `tag` is stored out of line (`indirect case`), in which case the
  /// bytes of the value hold a box reference rather than the payload.
  func isIndirect(tag: UInt32) -> Bool {
    // Enum metadata: kind, then the nominal type descriptor. In the descriptor, offset 16 holds a
    // relative pointer to the field descriptor, whose 16-byte header is followed by one 12-byte
    // record per case (payload cases first, so a record's index is its tag) starting with flags.
    let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    // No field descriptor means reflection metadata was stripped; be conservative.
    guard fieldsOffset != 0 else { return true }
    let fields = descriptor + 16 + Int(fieldsOffset)
    let count = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard tag < count else { return true }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let flags = fields.load(fromByteOffset: 16 + Int(tag) * recordSize, as: UInt32.self)
    return flags & 0x1 != 0
  }

  /// Copies the payload out of `value`, which must hold case `tag` with a payload laid out
  /// exactly as `Payload` and stored inline (not `indirect`).
  func payload<Enum, Payload>(of value: Enum, tag: UInt32, as _: Payload.Type) -> Payload {
    withProjectedPayload(of: value, tag: tag) { $0.load(as: Payload.self) }
  }

  /// Whether the bytes stored for case `tag` in `value` are exactly the bytes of `payload`: the
  /// proof that `value` was made by a plain case constructor, so copying bytes out is sound.
  func storesBytes<Enum, Payload>(of payload: Payload, in value: Enum, tag: UInt32) -> Bool {
    let size = MemoryLayout<Payload>.size
    guard size <= MemoryLayout<Enum>.size else { return false }
    return withProjectedPayload(of: value, tag: tag) { stored in
      withUnsafeBytes(of: payload) { expected in
        expected.elementsEqual(UnsafeRawBufferPointer(start: stored, count: size))
      }
    }
  }

  private func withProjectedPayload<Enum, Result>(
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
private struct EnumValueWitnessTable {
  let initializeBufferWithCopyOfBuffer: UnsafeRawPointer
  let destroy: UnsafeRawPointer
  let initializeWithCopy: UnsafeRawPointer
  let assignWithCopy: UnsafeRawPointer
  let initializeWithTake: UnsafeRawPointer
  let assignWithTake: UnsafeRawPointer
  let getEnumTagSinglePayload: UnsafeRawPointer
  let storeEnumTagSinglePayload: UnsafeRawPointer
  let size: Int
  let stride: Int
  let flags: UInt32
  let extraInhabitantCount: UInt32
  let getEnumTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  let destructiveProjectEnumData: @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  let destructiveInjectEnumTag:
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void
}

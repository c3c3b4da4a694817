/// Reads an enum value's case and payload through the Swift runtime's metadata.
///
/// Conduit cannot use macros to generate case paths, so it inverts an enum case constructor such
/// as `AppAction.search` by asking the runtime which case a value holds. The layouts read here are
/// part of Swift's stable ABI (the value witness table of an enum, and the field descriptor the
/// compiler emits for reflection): the same data `Mirror` uses, read without `Mirror`'s boxing and
/// allocations, so finding a value's case costs a few nanoseconds instead of a microsecond or two.
///
/// Each structure is checked before it is read further: the metadata's kind, the value witness
/// table's enum-witness flag, the descriptor's kind, and the field descriptor's kind, record size
/// and record count against the descriptor's own case counts. Anything unexpected (an enum built
/// without reflection metadata, say) makes ``cases()`` fail with the reason, and the caller
/// refuses the enum rather than guessing.
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
    // Every metadata record is preceded by a pointer to its value witness table.
    let table = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size,
      as: UnsafePointer<EnumValueWitnessTable>.self)
    // ValueWitnessFlags.HasEnumWitnesses: without it the table is a plain one and has no tag
    // functions after `extraInhabitantCount`.
    guard table.pointee.flags & 0x0020_0000 != 0 else { return nil }
    self.metadata = metadata
    self.witnesses = table
  }

  /// The metadata of `type`, already proved to be an enum's (or an `Optional`'s) with enum
  /// witnesses by ``init(_:)``, as a ``CaseAnalysis`` that accepted it did; the checks are not
  /// repeated on the path every action takes.
  @inlinable
  init(provenEnum type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    self.metadata = metadata
    self.witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size,
      as: UnsafePointer<EnumValueWitnessTable>.self)
  }

  /// The case `value` holds: payload cases are numbered first, in declaration order, then the
  /// cases without payload.
  @inlinable
  func tag<Enum>(of value: Enum) -> UInt32 {
    withUnsafePointer(to: value) { witnesses.pointee.getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// One case of the enum, as its field record describes it.
  struct Case {
    /// The case's name, as declared.
    var name: String
    /// The payload's declared type (a tuple for several values or a labelled one); nil for a
    /// case without payload, or when the runtime could not resolve the payload's type name.
    var payload: Any.Type?
    /// Whether the payload is stored out of line, in a box (`indirect`).
    var isIndirect: Bool
    /// Whether the enum gives the payload bytes of its own: false for cases without payload, and
    /// also for payloads that take no bytes inside the enum (`case type(Int.Type)`), which the
    /// enum's layout counts among its empty cases.
    var isStored: Bool
  }

  /// The enum's cases, indexed by tag: payload cases first, in declaration order, then the cases
  /// without payload. This is the order of the field records, which `Mirror` relies on too.
  ///
  /// - Returns: The cases, or a description of what in the metadata was not as expected.
  func cases() -> Result<[Case], MetadataError> {
    // Value metadata: the kind, then the nominal type descriptor, then (for generic enums) the
    // generic arguments, each a pointer-sized word (4 bytes on watchOS's arm64_32).
    let word = MemoryLayout<UnsafeRawPointer>.size
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    // Context descriptor flags: the low 5 bits are the kind, 18 for an enum.
    guard descriptor.load(as: UInt32.self) & 0x1F == 18 else {
      return .failure(.unexpected("its type descriptor is not an enum's"))
    }
    // Enum descriptor: flags, parent, name, access function, fields (offset 16), then the number
    // of payload cases (low 24 bits, offset 20) and of empty cases (offset 24).
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    guard let fields = Self.relative(descriptor + 16) else {
      return .failure(.noReflectionMetadata)
    }
    // Field descriptor: mangled type name, superclass, kind (offset 8: 2 is an enum, 3 a
    // multi-payload enum), record size (offset 10), record count (offset 12), then the records.
    let fieldKind = fields.load(fromByteOffset: 8, as: UInt16.self)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard fieldKind == 2 || fieldKind == 3, recordSize == 12,
      count == payloadCases + emptyCases
    else {
      return .failure(.unexpected("its field descriptor does not describe its cases"))
    }
    var cases: [Case] = []
    cases.reserveCapacity(count)
    for tag in 0..<count {
      // A field record: flags, then relative pointers to the mangled type name and the name.
      let record = fields + 16 + tag * recordSize
      guard let name = Self.relative(record + 8) else {
        return .failure(.unexpected("case \(tag) has no name"))
      }
      let caseName = String(cString: name.assumingMemoryBound(to: CChar.self))
      var payload: Any.Type?
      if let typeName = Self.relative(record + 4) {
        let mangledName = typeName.assumingMemoryBound(to: UInt8.self)
        // The runtime resolves the name, symbolic references and generic parameters included,
        // exactly as `Mirror` does.
        payload = _getTypeByMangledNameInContext(
          mangledName, UInt(Self.length(ofMangledName: mangledName)),
          genericContext: descriptor, genericArguments: metadata + 2 * word)
      }
      let flags = record.load(as: UInt32.self)
      cases.append(
        Case(
          name: caseName, payload: payload, isIndirect: flags & 0x1 != 0,
          isStored: tag < payloadCases))
    }
    return .success(cases)
  }

  /// Why an enum's cases could not be read.
  enum MetadataError: Error, Equatable {
    /// The enum was compiled without reflection metadata (`-disable-reflection-metadata`).
    case noReflectionMetadata
    /// A structure was not what the ABI describes.
    case unexpected(String)

    var reason: String {
      switch self {
      case .noReflectionMetadata: "it was compiled without reflection metadata"
      case .unexpected(let detail): "its metadata could not be read (\(detail))"
      }
    }
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
    var copy = value
    return withUnsafeMutablePointer(to: &copy) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      // Projecting clears the tag bits the enum may keep inside the payload's spare bits; the tag
      // is put back before `copy` is destroyed so its payload is released correctly.
      witnesses.pointee.destructiveProjectEnumData(raw, metadata)
      defer { witnesses.pointee.destructiveInjectEnumTag(raw, tag, metadata) }
      return UnsafeRawPointer(raw).load(as: Payload.self)
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

/// What Conduit reads of any type's runtime metadata: its kind, and for the structural kinds
/// (tuples, optionals, metatypes) the types they are made of.
///
/// Every read here is at an offset the metadata's kind guarantees: all metadata start with a
/// kind word; tuple metadata then hold their element count, labels and (type, offset) pairs;
/// Optional's metadata hold its generic argument after the descriptor; metatype metadata hold
/// their instance type. Kinds are the values of the runtime's `MetadataKind`
/// (swift/ABI/MetadataKind.def), part of the stable ABI.
struct TypeMetadata {
  enum Kind: Equatable {
    case `class`
    case `struct`
    case `enum`
    case optional
    case tuple
    case function
    case existential
    case metatype
    case existentialMetatype
    /// Extended existentials (`any Collection<Int>`), opaque and heap-local kinds: read as
    /// a whole, never looked into.
    case other
  }

  let type: Any.Type
  private let pointer: UnsafeRawPointer

  init(_ type: Any.Type) {
    self.type = type
    self.pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  private static let word = MemoryLayout<UnsafeRawPointer>.size

  var kind: Kind {
    switch pointer.load(as: UInt.self) {
    // Swift class metadata have kind 0 without Objective-C interop; with it, the first word is
    // an isa pointer, above the last enumerated kind (0x7FF). 0x203 and 0x204 are foreign
    // classes and foreign reference types, 0x305 an Objective-C class wrapper.
    case 0, 0x203, 0x204, 0x305, 0x800...: .class
    case 0x200: .struct
    case 0x201: .enum
    case 0x202: .optional
    case 0x301: .tuple
    case 0x302: .function
    case 0x303: .existential
    case 0x304: .metatype
    case 0x306: .existentialMetatype
    default: .other
    }
  }

  /// The size of a value of the type in generic code, from its value witness table, which
  /// every metadata record is preceded by.
  var size: Int {
    let word = Self.word
    let witnesses = pointer.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    // Eight function pointers, then the size.
    return witnesses.load(fromByteOffset: 8 * word, as: Int.self)
  }

  /// The element types of a tuple, in order; nil for any other kind.
  var tupleElements: [Any.Type]? {
    guard kind == .tuple else { return nil }
    let word = Self.word
    let count = pointer.load(fromByteOffset: word, as: Int.self)
    // After the kind, the count and the labels: one (type, offset) pair of words per element.
    return (0..<count).map { index in
      pointer.load(fromByteOffset: (3 + 2 * index) * word, as: Any.Type.self)
    }
  }

  /// The wrapped type of an `Optional`; nil for any other kind.
  var optionalWrapped: Any.Type? {
    guard kind == .optional else { return nil }
    // Value metadata: the kind, the descriptor, then the generic arguments.
    return pointer.load(fromByteOffset: 2 * Self.word, as: Any.Type.self)
  }

  /// The instance type of a metatype such as `Int.Type`; nil for any other kind.
  var metatypeInstance: Any.Type? {
    guard kind == .metatype else { return nil }
    return pointer.load(fromByteOffset: Self.word, as: Any.Type.self)
  }

  /// Why a value of this type may be stored differently inside a concrete enum than in generic
  /// code, or nil when the two representations are the same.
  ///
  /// Swift stores a function inside an enum (or an `Optional`, or a tuple) in the calling
  /// convention of its own type, but generic code expects the most general one, reached only
  /// through thunks the compiler writes; a metatype of a struct, enum or tuple takes no bytes
  /// at all inside an enum, but a pointer in generic code. Reading such a payload's bytes as the
  /// generic type would hand out a broken closure or read memory that is not there. Nominal
  /// types (structs, enums, classes) and existentials keep one layout everywhere, whatever they
  /// contain; only `Optional` among them lays out its payload in the substituted form.
  var representationHazard: String? {
    switch kind {
    case .function:
      return "a function type"
    case .metatype:
      guard let instance = metatypeInstance, TypeMetadata(instance).kind != .class else {
        return nil
      }
      return "the metatype of a non-class type"
    case .tuple:
      return tupleElements?.lazy.compactMap { TypeMetadata($0).representationHazard }.first
        .map { "a tuple containing " + $0 }
    case .optional:
      return optionalWrapped.flatMap { TypeMetadata($0).representationHazard }
        .map { "an optional of " + $0 }
    case .class, .struct, .enum, .existential, .existentialMetatype, .other:
      return nil
    }
  }
}

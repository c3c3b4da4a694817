/// A type-erased cancellation identifier.
///
/// `AnyHashable` is not `Sendable`, so this keeps the `Sendable` existential and compares through
/// `AnyHashable` only when asked.
@usableFromInline
struct EffectID: Hashable, Sendable {
  @usableFromInline let base: any Hashable & Sendable

  @inlinable
  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

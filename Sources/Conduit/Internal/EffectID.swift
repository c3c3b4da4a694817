/// A type-erased cancellation identifier.
///
/// `AnyHashable` is not `Sendable`, so this keeps the `Sendable` existential and compares through
/// `AnyHashable` only when asked.
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

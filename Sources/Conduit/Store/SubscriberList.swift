/// The ``Store/subscribe(_:)`` callbacks of one store or row collection.
///
/// Cancelling may happen on any thread, so a ``Subscription`` only lowers its entry's flag; the
/// entry is swept here, on the main actor, at the next notification or subscription.
@MainActor
struct SubscriberList<Value> {
  private struct Entry {
    let isActive: Locked<Bool>
    let onChange: @MainActor (Value) -> Void
  }

  private var entries: [Entry] = []
  /// Kept beside the array: asking a generic array whether it is empty costs a metadata lookup
  /// in unspecialized code, and this is asked on every change of every store.
  private(set) var isEmpty = true

  /// Adds a callback; the returned subscription holds `owner` so that what is observed stays
  /// alive while someone listens.
  mutating func add(
    _ onChange: @escaping @MainActor (Value) -> Void, owner: any Sendable
  ) -> Subscription {
    sweep()
    let isActive = Locked(true)
    entries.append(Entry(isActive: isActive, onChange: onChange))
    isEmpty = false
    return Subscription {
      isActive.withLock { $0 = false }
      _ = owner
    }
  }

  /// Calls every active callback with `value`; returns whether it met cancelled ones, to be
  /// swept by the owner once the callbacks (which may subscribe or cancel) are done.
  func call(with value: Value) -> Bool {
    var sawCancelled = false
    for entry in entries {
      if entry.isActive.withLock({ $0 }) {
        entry.onChange(value)
      } else {
        sawCancelled = true
      }
    }
    return sawCancelled
  }

  /// Drops the callbacks whose subscription was cancelled.
  mutating func sweep() {
    entries.removeAll { !$0.isActive.withLock { $0 } }
    isEmpty = entries.isEmpty
  }
}

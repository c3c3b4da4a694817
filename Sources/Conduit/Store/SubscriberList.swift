/// The ``Store/subscribe(_:)`` callbacks of one store or row collection.
///
/// Cancelling may happen on any thread, so each callback sits in a lock-guarded slot that a
/// ``Subscription`` empties at once: the callback, and whatever it captures (often the store
/// itself), is released the moment the subscription is cancelled or freed, not at the next
/// notification. The emptied slots are swept here, on the main actor, at the next notification
/// or subscription.
///
/// The callbacks take no argument: each one reads the value it reports from its node, in a
/// closure made where the node's types are known, so that calling them is not generic code.
@MainActor
struct SubscriberList {
  /// A callback in a box: a function kept directly in the lock's generic storage would be
  /// re-wrapped in reabstraction thunks by every `withLock`, which writes its `inout` value
  /// back, so the chain of thunks would grow with every notification.
  private final class Callback: Sendable {
    let call: @MainActor () -> Void

    init(_ call: @escaping @MainActor () -> Void) {
      self.call = call
    }
  }

  private typealias Slot = Locked<Callback?>

  private var slots: [Slot] = []

  var isEmpty: Bool { slots.isEmpty }

  /// Adds a callback; the returned subscription holds `owner` so that what is observed stays
  /// alive while someone listens.
  mutating func add(
    _ onChange: @escaping @MainActor () -> Void, owner: any Sendable
  ) -> Subscription {
    sweep()
    let slot = Slot(Callback(onChange))
    slots.append(slot)
    return Subscription {
      // Taken out under the lock and released after it: releasing may free the store, whose
      // deinit must not run while the lock is held.
      let callback = slot.withLock { callback in
        defer { callback = nil }
        return callback
      }
      _ = callback
      _ = owner
    }
  }

  /// Calls every active callback; returns whether it met cancelled ones, to be swept by the
  /// owner once the callbacks (which may subscribe or cancel) are done.
  func call() -> Bool {
    var sawCancelled = false
    // By index: an iterator, unspecialised in a debug build, allocates for every element it
    // reads, and a send should allocate nothing (SendAllocationTests).
    for index in slots.indices {
      if let callback = slots[index].withLock({ $0 }) {
        callback.call()
      } else {
        sawCancelled = true
      }
    }
    return sawCancelled
  }

  /// Drops the slots whose subscription was cancelled.
  mutating func sweep() {
    slots.removeAll { $0.withLock { $0 == nil } }
  }
}

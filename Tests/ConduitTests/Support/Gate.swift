/// A one-way gate an effect waits on until the test opens it; waiting ignores cancellation, so
/// a test can check what a cancelled effect does once it is allowed to go on.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

/// A value shared between a test and the tasks it starts.
actor Recorder<Value: Sendable> {
  private(set) var values: [Value] = []

  func append(_ value: Value) {
    values.append(value)
  }
}

extension Gate: Equatable {
  /// Gates are equal only to themselves, so actions carrying them can be `Equatable`.
  static func == (lhs: Gate, rhs: Gate) -> Bool { lhs === rhs }
}

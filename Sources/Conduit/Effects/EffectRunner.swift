/// Starts the work an ``Effect`` describes, on behalf of one root store.
@MainActor
struct EffectRunner<Action>: Sendable {
  let registry: EffectRegistry
  /// Delivers an action to the store: an `.send` effect's action joins the handle of the send
  /// that returned it; an action from a running effect gets its own.
  let deliver: @MainActor @Sendable (Action, EffectHandle?) -> StoreTask

  /// Starts `effect`, adding every task it creates to `handle`.
  func start(_ effect: Effect<Action>, for handle: EffectHandle, ids: [EffectID] = []) {
    switch effect.operation {
    case .none:
      break
    case .send(let make):
      _ = deliver(make(), handle)
    case .run(let run):
      startRun(run, for: handle, ids: ids)
    case .merge(let effects):
      for effect in effects { start(effect, for: handle, ids: ids) }
    case .concatenate(let effects):
      startConcatenation(effects, for: handle, ids: ids)
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { registry.cancel(id: id) }
      start(effect, for: handle, ids: ids + [id])
    case .cancel(let id):
      registry.cancel(id: id)
    case .cancelMatching(let predicate):
      registry.cancel(where: predicate)
    case .dismiss:
      // Presentation reducers turn `.dismiss` into their parent's action; one that gets here
      // was returned outside any presentation.
      runtimeWarning(
        """
        A reducer returned `Effect.dismiss` outside a presentation: no `ifLet` of a \
        `PresentationState` or stack `forEach` runs it, so there is nothing to dismiss.
        """, fileID: #fileID, line: #line)
    }
  }

  private func startRun(_ run: Effect<Action>.Run, for handle: EffectHandle, ids: [EffectID]) {
    let token = registry.reserve(ids: ids)
    let sent = SentTasks()
    let deliver = self.deliver
    let send = Send<Action> { action in sent.append(deliver(action, nil)) }
    let task = Self.task(running: run, send: send, sent: sent, registry: registry, token: token)
    registry.attach(task, to: token)
    handle.add(task)
  }

  /// Creates the task of a `.run` effect. It is made in a nonisolated function so that the task
  /// starts straight on the global executor: effects never wait for the main actor to begin.
  private nonisolated static func task(
    running run: Effect<Action>.Run, send: Send<Action>, sent: SentTasks,
    registry: EffectRegistry, token: Int
  ) -> Task<Void, Never> {
    Task(priority: run.priority) {
      do {
        try await run.operation(send)
      } catch is CancellationError {
        // Cancellation is how effects are meant to stop.
      } catch {
        if let handler = run.handler {
          await handler(error, send)
        } else {
          runtimeWarning(
            """
            An effect threw \(error), and it has no `catch:` handler. Handle errors inside \
            the effect or pass `catch:` to `Effect.run`.
            """, fileID: run.fileID, line: run.line)
        }
      }
      await sent.finish()
      registry.finish(token)
    }
  }

  private func startConcatenation(
    _ effects: [Effect<Action>], for handle: EffectHandle, ids: [EffectID]
  ) {
    guard let first = effects.first else { return }
    // The first effect starts now, like any other; the rest each wait for the one before.
    let firstHandle = EffectHandle()
    start(first, for: firstHandle, ids: ids)
    let token = registry.reserve(ids: ids)
    let registry = self.registry
    let task = Task { @MainActor in
      await Self.wait(for: firstHandle)
      for effect in effects.dropFirst() {
        guard !Task.isCancelled else { break }
        let next = EffectHandle()
        self.start(effect, for: next, ids: ids)
        await Self.wait(for: next)
      }
      registry.finish(token)
    }
    registry.attach(task, to: token)
    handle.add(task)
  }

  /// Waits for a handle's tasks, cancelling them if the waiting task is cancelled.
  private static func wait(for handle: EffectHandle) async {
    await withTaskCancellationHandler {
      await handle.finish()
    } onCancel: {
      handle.cancel()
    }
  }
}

/// The tasks of the actions an effect sent back, so that waiting for the effect also waits for
/// what those actions started.
@MainActor
private final class SentTasks {
  private var tasks: [StoreTask] = []

  func append(_ task: StoreTask) {
    if task.handle != nil { tasks.append(task) }
  }

  func finish() async {
    while let task = tasks.popLast() {
      await task.finish()
    }
  }
}

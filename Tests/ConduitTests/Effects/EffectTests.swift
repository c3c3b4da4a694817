import Foundation
import Testing

@testable import Conduit

/// A feature whose actions start each kind of effect, for effect tests.
struct Loader: Reducer {
  struct State: Equatable {
    var results: [String] = []
    var count = 0
    var reducedOnTheMainActor = 0
  }

  enum Action: Sendable {
    case load(String, gate: Gate? = nil, cancelInFlight: Bool = false)
    case loaded(String)
    case cancel
    case signal(DispatchSemaphore)
    case signalled
    case increment
    case manyIncrements(Int)
    case incrementFromDetachedTask
    case incrementFromActor
    case merged
    case concatenated
    case mapped
    case throwing(handled: Bool)
    case failed(String)
    case waitThenRecordCancellation(Gate, Recorder<Bool>)
  }

  enum CancelID { case load }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let name, let gate, let cancelInFlight):
      return .run { send in
        await gate?.wait()
        await send(.loaded(name))
      }
      .cancellable(id: CancelID.load, cancelInFlight: cancelInFlight)
    case .loaded(let name):
      state.results.append(name)
      return .none
    case .cancel:
      return .cancel(id: CancelID.load)
    case .signal(let semaphore):
      return .run { send in
        semaphore.signal()
        await send(.signalled)
      }
    case .signalled:
      // Traps, failing the run, if an effect's action were reduced off the main actor.
      MainActor.preconditionIsolated()
      state.reducedOnTheMainActor += 1
      return .none
    case .increment:
      state.count += 1
      return .none
    case .manyIncrements(let count):
      return .run { send in
        await withTaskGroup(of: Void.self) { group in
          for _ in 0..<count {
            group.addTask { await send(.increment) }
          }
        }
      }
    case .incrementFromDetachedTask:
      return .run { send in
        await Task.detached { await send(.increment) }.value
      }
    case .incrementFromActor:
      return .run { send in await Forwarder().forward(.increment, to: send) }
    case .merged:
      return .merge(.send(.loaded("a")), .send(.loaded("b")))
    case .concatenated:
      return .concatenate(
        .run { send in
          for _ in 0..<5 { await Task.yield() }
          await send(.loaded("first"))
        },
        .send(.loaded("second")),
        .run { send in await send(.loaded("third")) })
    case .mapped:
      return Effect<String>.run { send in await send("mapped") }.map(Action.loaded)
    case .throwing(let handled):
      struct Failure: Error {}
      guard handled else { return .run { _ in throw Failure() } }
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.failed("\(type(of: error))"))
      }
    case .failed(let message):
      state.results.append(message)
      return .none
    case .waitThenRecordCancellation(let gate, let recorder):
      return .run { _ in
        await gate.wait()
        await recorder.append(Task.isCancelled)
      }
    }
  }
}

actor Forwarder {
  func forward(_ action: Loader.Action, to send: Send<Loader.Action>) async {
    await send(action)
  }
}

@MainActor
@Suite struct EffectTests {
  @Test func finishWaitsForTheEffectsOfASend() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.load("a")).finish()
    #expect(store.state.results == ["a"])
  }

  @Test func runWorksWhileTheMainActorIsBusy() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let semaphore = DispatchSemaphore(value: 0)
    let task = store.send(.signal(semaphore))

    // Blocks the main actor: only an effect running elsewhere can signal. The bound is only
    // against a hang: under the thread sanitizer, on two cores, other suites' synchronous work
    // has kept the concurrency pool's threads busy for over 30 seconds.
    let signalled = semaphore.wait(timeout: .now() + 120) == .success
    await task.finish()

    #expect(signalled)
  }

  @Test func actionsFromEffectsAreReducedOnTheMainActor() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let semaphore = DispatchSemaphore(value: 0)
    await store.send(.signal(semaphore)).finish()
    #expect(store.state.reducedOnTheMainActor == 1)
  }

  @Test func cancelInFlightCancelsThePreviousEffect() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let firstGate = Gate()
    let secondGate = Gate()
    let first = store.send(.load("first", gate: firstGate, cancelInFlight: true))
    let second = store.send(.load("second", gate: secondGate, cancelInFlight: true))

    await firstGate.open()
    await secondGate.open()
    await first.finish()
    await second.finish()

    #expect(store.state.results == ["second"])
  }

  @Test func withoutCancelInFlightBothEffectsDeliver() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let gate = Gate()
    let first = store.send(.load("first", gate: gate))
    let second = store.send(.load("second", gate: gate))

    await gate.open()
    await first.finish()
    await second.finish()

    #expect(store.state.results.sorted() == ["first", "second"])
  }

  @Test func cancelByIdStopsTheEffectAndDropsItsSends() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let gate = Gate()
    let task = store.send(.load("late", gate: gate))

    store.send(.cancel)
    await gate.open()
    await task.finish()

    #expect(store.state.results.isEmpty)
  }

  @Test func storeTaskCancelStopsTheEffectsOfThatSend() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let gate = Gate()
    let task = store.send(.load("late", gate: gate))

    task.cancel()
    await gate.open()
    await task.finish()

    #expect(task.isCancelled)
    #expect(store.state.results.isEmpty)
  }

  @Test func sendWithoutEffectsReportsNothingLeftToRun() {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let task = store.send(.increment)
    #expect(task.isCancelled)
  }

  @Test func runningEffectIsNotCancelled() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let gate = Gate()
    let task = store.send(.load("a", gate: gate))

    #expect(!task.isCancelled)
    await gate.open()
    await task.finish()
  }

  @Test func tenThousandConcurrentSendsAreEachReducedOnce() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.manyIncrements(10_000)).finish()
    #expect(store.state.count == 10_000)
  }

  @Test func sendFromADetachedTaskReachesTheStore() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.incrementFromDetachedTask).finish()
    #expect(store.state.count == 1)
  }

  @Test func sendFromAnotherActorReachesTheStore() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.incrementFromActor).finish()
    #expect(store.state.count == 1)
  }

  @Test func mergeDeliversEveryEffect() {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    store.send(.merged)
    #expect(store.state.results == ["a", "b"])
  }

  @Test func concatenateRunsEffectsInOrder() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.concatenated).finish()
    #expect(store.state.results == ["first", "second", "third"])
  }

  @Test func mapTransformsTheActionsAnEffectSends() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.mapped).finish()
    #expect(store.state.results == ["mapped"])
  }

  @Test func catchHandlerReceivesTheThrownError() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.throwing(handled: true)).finish()
    #expect(store.state.results == ["Failure"])
  }

  @Test func unhandledErrorIsReportedAsARuntimeWarning() async {
    let warnings = Recorder<RuntimeWarnings.Warning>()
    await RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { warning in
        Task { await warnings.append(warning) }
      }
    ) {
      let store = Store(initialState: Loader.State(), reducer: Loader())
      await store.send(.throwing(handled: false)).finish()
    }
    await Task.yield()
    let recorded = await warnings.values
    #expect(recorded.count == 1)
    #expect(recorded.first?.fileID == "ConduitTests/EffectTests.swift")
    #expect(recorded.first?.message.contains("no `catch:` handler") == true)
  }

  @Test func freeingTheRootStoreCancelsItsEffects() async {
    let gate = Gate()
    let cancelled = Recorder<Bool>()
    weak var weakStore: Store<Loader.State, Loader.Action>?
    let task: StoreTask
    do {
      let store = Store(initialState: Loader.State(), reducer: Loader())
      weakStore = store
      task = store.send(.waitThenRecordCancellation(gate, cancelled))
    }
    #expect(weakStore == nil)

    await gate.open()
    await task.finish()

    #expect(await cancelled.values == [true])
    #expect(task.isCancelled)
  }
}

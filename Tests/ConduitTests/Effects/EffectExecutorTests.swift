import Testing

@_spi(Testing) @testable import Conduit

@MainActor
@Suite struct EffectExecutorTests {
  /// A task local the wrapper binds, so a test can see what ran inside it.
  enum Probe {
    @TaskLocal static var tag: String?
  }

  struct Boom: Error {}

  @Test func instrumentSeesEveryRunAndWhichStartLater() async {
    let runs = Log<String>()
    let executor = EffectExecutor<Int>(
      deliver: { _ in },
      instrument: { run in
        runs.append("\(run.line) \(run.startsLater)")
        return { work in try await work() }
      })
    let first = #line + 1
    let effect = Effect<Int>.run { _ in }
    let second = #line + 1
    let later = Effect<Int>.merge(.run { _ in }, .send(1), .run { _ in }.cancellable(id: "x"))

    await executor.start(.concatenate(effect, later)).finish()

    #expect(runs.values == ["\(first) false", "\(second) true", "\(second) true"])
  }

  @Test func wrapperSurroundsTheCatchHandler() async {
    let delivered = Log<String>()
    let executor = EffectExecutor<Int>(
      deliver: { action in delivered.append("\(action) \(Probe.tag ?? "outside")") },
      instrument: { _ in { work in try await Probe.$tag.withValue("inside") { try await work() } } }
    )

    await executor.start(
      .run { send in
        await send(1)
        throw Boom()
      } catch: { _, send in
        await send(2)
      }
    ).finish()

    #expect(delivered.values == ["1 inside", "2 inside"])
  }

  @Test func unhandledErrorStillWarnsAtTheEffectsLine() async {
    let warnings = Locked<[RuntimeWarnings.Warning]>([])
    let executor = EffectExecutor<Int>(
      deliver: { _ in }, instrument: { _ in { work in try await work() } })
    let line = UInt(#line + 1)
    let failing = Effect<Int>.run { _ in throw Boom() }

    await RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { warning in warnings.withLock { $0.append(warning) } }
    ) {
      await executor.start(failing).finish()
    }

    let recorded = warnings.withLock { $0 }
    #expect(recorded.map(\.line) == [line])
    #expect(recorded.first?.fileID == "ConduitTests/EffectExecutorTests.swift")
  }

  @Test func cancellationPassesThroughTheWrapperQuietly() async {
    let outcomes = Log<String>()
    let warnings = Locked(0)
    let executor = EffectExecutor<Int>(
      deliver: { _ in },
      instrument: { _ in
        { work in
          do {
            try await work()
            await outcomes.append("returned")
          } catch {
            await outcomes.append("threw \(type(of: error))")
            throw error
          }
        }
      })

    await RuntimeWarnings.$handler.withValue(
      RuntimeWarnings.Handler { _ in warnings.withLock { $0 += 1 } }
    ) {
      let task = executor.start(
        .run { _ in
          // An open stream: iterating it suspends until the task is cancelled.
          let (events, continuation) = AsyncStream<Int>.makeStream()
          for await _ in events {}
          withExtendedLifetime(continuation) {}
          try Task.checkCancellation()
        } catch: { _, _ in
          await outcomes.append("handler")
        })
      task.cancel()
      await task.finish()
    }

    #expect(outcomes.values == ["threw CancellationError"])
    #expect(warnings.withLock { $0 } == 0)
  }
}

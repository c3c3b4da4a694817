/// How big a run is: the full run the README reports, or the seconds-long smoke run CI uses.
struct RunConfiguration {
  var quick = false

  /// Timed repetitions per variant; the report gives their median and range.
  var repetitions: Int { 5 }
  /// Untimed repetitions first, to fill caches and the allocator, and to calibrate.
  var warmups: Int { 1 }

  /// A fixed operation count, scaled down for the quick run.
  func count(_ full: Int) -> Int {
    quick ? max(10, full / 50) : full
  }

  /// How long one repetition of a calibrated variant aims to take.
  var calibrationTarget: Duration {
    quick ? .milliseconds(5) : .milliseconds(250)
  }
}

/// How many operations one repetition of a variant performs.
enum OperationCount {
  /// Exactly this many, as the scenario's definition says.
  case fixed(Int)
  /// As many as fill ``RunConfiguration/calibrationTarget``, judged from the warm-up run of
  /// `minimum` operations. Variants whose cost per operation grows with N use this, so N = 10 and
  /// N = 100,000 both get a measurable run without the big one taking minutes.
  case calibrated(minimum: Int, maximum: Int)
}

/// One repetition's work: built fresh (untimed), run (timed), then checked (untimed).
struct Trial {
  /// The timed work.
  let run: @MainActor () -> Void
  /// Checks the result, throwing ``BenchmarkFailure`` when it is wrong, and reports counts.
  let finish: @MainActor () throws -> Outcome
}

/// What a repetition observed besides its time.
struct Outcome {
  /// How many change callbacks the observers received, when the variant has observers.
  var callbacks: Int?
  /// Further figures by metric name, such as bytes per store.
  var metrics: [String: Double] = [:]
}

/// A figure other than time that a variant reports.
struct MetricSpec {
  var name: String
  var unit: String
  var goal: Goal?
}

/// A target a figure should meet, and the issue that sets it.
struct Goal: Codable {
  var atMost: Double
  var source: String
}

/// One measured configuration of a scenario.
struct Variant {
  var name: String
  var count: OperationCount
  /// Callbacks each operation should cause; any other count fails the run.
  var idealCallbacksPerOperation: Int?
  var metrics: [MetricSpec] = []
  /// Builds a trial of the given number of operations.
  var prepare: @MainActor (_ operations: Int) -> Trial
}

/// A benchmark that computed a wrong result: a bug in Conduit or in the benchmark.
struct BenchmarkFailure: Error, CustomStringConvertible {
  var description: String
}

/// Throws a ``BenchmarkFailure`` with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw BenchmarkFailure(description: message()) }
}

/// Runs a variant's warm-ups and repetitions and summarises them.
@MainActor
func measure(_ variant: Variant, in configuration: RunConfiguration) throws -> VariantResult {
  let clock = ContinuousClock()
  var operations: Int
  switch variant.count {
  case .fixed(let count): operations = count
  case .calibrated(let minimum, _): operations = minimum
  }
  var nanoseconds: [Double] = []
  var outcomes: [Outcome] = []
  for repetition in 0..<(configuration.warmups + configuration.repetitions) {
    let trial = variant.prepare(operations)
    let start = clock.now
    trial.run()
    let elapsed = clock.now - start
    let outcome: Outcome
    do {
      outcome = try trial.finish()
    } catch let failure as BenchmarkFailure {
      throw BenchmarkFailure(description: "\(variant.name): \(failure.description)")
    }
    if let ideal = variant.idealCallbacksPerOperation, let callbacks = outcome.callbacks {
      try require(
        callbacks == ideal * operations,
        """
        \(variant.name): \(callbacks) callbacks for \(operations) operations; \
        the ideal is \(ideal * operations)
        """)
    }
    if repetition < configuration.warmups {
      if case .calibrated(let minimum, let maximum) = variant.count {
        let perOperation = max(elapsed.nanoseconds / Double(operations), 1)
        let fitting = configuration.calibrationTarget.nanoseconds / perOperation
        operations = min(max(Int(fitting), minimum), maximum)
      }
      continue
    }
    nanoseconds.append(elapsed.nanoseconds / Double(operations))
    outcomes.append(outcome)
  }
  return VariantResult(
    name: variant.name,
    operations: operations,
    nanosecondsPerOperation: Summary(nanoseconds),
    callbacksPerOperation: outcomes.last?.callbacks.map { Double($0) / Double(operations) },
    idealCallbacksPerOperation: variant.idealCallbacksPerOperation,
    metrics: variant.metrics.map { spec in
      let values = outcomes.compactMap { $0.metrics[spec.name] }
      let summary = values.isEmpty ? nil : Summary(values)
      return MetricResult(
        name: spec.name, unit: spec.unit, value: summary, goal: spec.goal,
        meetsGoal: summary.flatMap { value in spec.goal.map { value.median <= $0.atMost } })
    })
}

extension Duration {
  /// The duration in nanoseconds, as a `Double` for dividing by operation counts.
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

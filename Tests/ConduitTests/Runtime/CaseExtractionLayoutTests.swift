import Testing

@testable import Conduit

// Types the exit tests use: an exit test's body runs in a new process and cannot capture.

class LayoutAnimal: @unchecked Sendable {
  class var sound: String { "…" }
}

final class LayoutDog: LayoutAnimal, @unchecked Sendable {
  override class var sound: String { "woof" }
}

protocol LayoutShape { static var sides: Int { get } }
struct LayoutSquare: LayoutShape { static var sides: Int { 4 } }

enum Layouts: @unchecked Sendable {
  case function((Int) -> Int)
  case sendableFunction(@Sendable (Int) -> String)
  case mainActorFunction(@MainActor () -> Int)
  case throwingFunction((Int) throws -> Int)
  case optionalFunction(((Int) -> Int)?)
  case tupleWithFunction(Int, (Int) -> Int)
  indirect case boxedFunction((Int) -> Int)
  case structType(Int.Type)
  case enumType(Layouts.Type)
  case optionalStructType(Int.Type?)
  case classType(LayoutAnimal.Type)
  case optionalClassType(LayoutAnimal.Type?)
  case existentialType(any LayoutShape.Type)
  case anyType(Any.Type)
  case optionalLeaf(LayoutLeaf?)
  case pair(Int, String)
  case element(id: Int, action: LayoutLeaf)
  indirect case boxedElement(id: Int, action: LayoutLeaf)
  indirect case boxedOptional(LayoutLeaf?)
  indirect case anyValue(action: Any)
  indirect case sendableValue(action: any Sendable)
  case presented(LayoutWrapper)
  case leaf(LayoutLeaf)
  case nothing
}

enum LayoutLeaf: Equatable, Sendable {
  case tap
  case count(Int)
}

enum LayoutWrapper: Equatable, Sendable {
  case inner(LayoutLeaf)
}

@Suite struct CaseExtractionLayoutTests {
  // MARK: - Routed, with the exact payload

  @Test func classMetatypesRouteKeepingTheSubclass() throws {
    let extractor = CaseExtractor(embed: Layouts.classType, fileID: #fileID, line: #line)
    let type = try #require(extractor.extract(from: .classType(LayoutDog.self)))
    #expect(type == LayoutDog.self)
    #expect(type.sound == "woof")
    #expect(extractor.extract(from: .nothing) == nil)
  }

  @Test func optionalClassMetatypesRoute() throws {
    let extractor = CaseExtractor(embed: Layouts.optionalClassType, fileID: #fileID, line: #line)
    let type = try #require(extractor.extract(from: .optionalClassType(LayoutDog.self)))
    #expect(type?.sound == "woof")
    let none = try #require(extractor.extract(from: .optionalClassType(nil)))
    #expect(none == nil)
  }

  @Test func existentialMetatypesRoute() throws {
    let extractor = CaseExtractor(embed: Layouts.existentialType, fileID: #fileID, line: #line)
    let type = try #require(extractor.extract(from: .existentialType(LayoutSquare.self)))
    #expect(type.sides == 4)
    let any = CaseExtractor(embed: Layouts.anyType, fileID: #fileID, line: #line)
    #expect(any.extract(from: .anyType(String.self)) == String.self)
  }

  @Test func optionalPayloadsRouteTheirValuesToANonOptionalChild() {
    // Swift turns `Layouts.optionalLeaf` into `{ .optionalLeaf(.some($0)) }` for a child of
    // non-optional actions, as a `Scope` with a `LayoutLeaf` child asks for.
    let extractor = CaseExtractor<Layouts, LayoutLeaf>(
      embed: Layouts.optionalLeaf, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .optionalLeaf(.count(3))) == .count(3))
    #expect(extractor.extract(from: .optionalLeaf(nil)) == nil)
    #expect(extractor.extract(from: .leaf(.tap)) == nil)
  }

  @Test func optionalPayloadsRouteExactlyToAnOptionalChild() {
    let extractor = CaseExtractor(
      embed: { (leaf: LayoutLeaf?) in Layouts.optionalLeaf(leaf) }, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .optionalLeaf(.tap)) == .some(.tap))
    #expect(extractor.extract(from: .optionalLeaf(nil)) == .some(nil))
    #expect(extractor.extract(from: .leaf(.tap)) == nil)
  }

  @Test func unlabelledTuplesRoute() throws {
    let extractor = CaseExtractor(embed: Layouts.pair, fileID: #fileID, line: #line)
    let pair = try #require(extractor.extract(from: .pair(7, "seven")))
    #expect(pair.0 == 7)
    #expect(pair.1 == "seven")
  }

  @Test func labelledTuplesRouteToAChildOfTheUnlabelledTuple() throws {
    let extractor = CaseExtractor(
      embed: { (pair: (Int, LayoutLeaf)) in Layouts.element(id: pair.0, action: pair.1) },
      fileID: #fileID, line: #line)
    let element = try #require(extractor.extract(from: .element(id: 4, action: .count(2))))
    #expect(element.0 == 4)
    #expect(element.1 == .count(2))
    #expect(extractor.extract(from: .pair(4, "x")) == nil)
  }

  @Test func labelledTuplesRouteToAChildOfTheSameLabels() throws {
    let extractor = CaseExtractor(
      embed: { (element: (id: Int, action: LayoutLeaf)) in
        Layouts.element(id: element.id, action: element.action)
      }, fileID: #fileID, line: #line)
    let element = try #require(extractor.extract(from: .element(id: 9, action: .tap)))
    #expect(element.id == 9)
    #expect(element.action == .tap)
  }

  @Test func indirectLabelledTuplesRoute() throws {
    let extractor = CaseExtractor(
      embed: { (pair: (Int, LayoutLeaf)) in Layouts.boxedElement(id: pair.0, action: pair.1) },
      fileID: #fileID, line: #line)
    let element = try #require(extractor.extract(from: .boxedElement(id: 5, action: .tap)))
    #expect(element.0 == 5)
    #expect(element.1 == .tap)
  }

  @Test func indirectOptionalPayloadsRouteTheirValues() {
    let extractor = CaseExtractor<Layouts, LayoutLeaf>(
      embed: Layouts.boxedOptional, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .boxedOptional(.count(8))) == .count(8))
    #expect(extractor.extract(from: .boxedOptional(nil)) == nil)
  }

  @Test func indirectLabelledAnyDeliversTheValueNotATuple() throws {
    let extractor = CaseExtractor(embed: Layouts.anyValue(action:), fileID: #fileID, line: #line)
    let value = try #require(extractor.extract(from: .anyValue(action: 42)))
    #expect(value as? Int == 42)
  }

  @Test func indirectLabelledSendableExistentialDeliversTheValueNotATuple() throws {
    let extractor = CaseExtractor(
      embed: Layouts.sendableValue(action:), fileID: #fileID, line: #line)
    let value = try #require(extractor.extract(from: .sendableValue(action: "text")))
    #expect(value as? String == "text")
  }

  @Test func identityConstructorRoutesEveryValue() {
    let extractor = CaseExtractor(
      embed: { (leaf: LayoutLeaf) in leaf }, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .count(1)) == .count(1))
    #expect(extractor.extract(from: .tap) == .tap)
  }

  // MARK: - Written out by hand

  @Test func explicitCasePathsRouteClosuresThatCallCorrectly() throws {
    let extractor = CaseExtractor(
      AnyCasePath(
        embed: Layouts.function,
        extract: { if case .function(let function) = $0 { function } else { nil } }),
      fileID: #fileID, line: #line)
    let function = try #require(extractor.extract(from: .function({ $0 + 1 })))
    #expect(function(41) == 42)
    #expect(extractor.extract(from: .nothing) == nil)
  }

  @Test func explicitCasePathsRouteStructMetatypes() throws {
    let extractor = CaseExtractor(
      AnyCasePath(
        embed: Layouts.structType,
        extract: { if case .structType(let type) = $0 { type } else { nil } }),
      fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .structType(Int.self)) == Int.self)
  }

  @Test func scopeWithAnExplicitCasePathRunsItsChild() {
    struct Adder: Reducer {
      func reduce(into state: inout Int, action: @Sendable (Int) -> Int) -> Effect<
        @Sendable (Int) -> Int
      > {
        state = action(state)
        return .none
      }
    }
    enum Action { case apply(@Sendable (Int) -> Int), other }
    let scope = Scope(
      state: \Int.self,
      action: AnyCasePath(
        embed: Action.apply, extract: { if case .apply(let f) = $0 { f } else { nil } })
    ) { Adder() }
    var state = 20
    _ = scope.reduce(into: &state, action: .apply { $0 * 2 + 2 })
    _ = scope.reduce(into: &state, action: .other)
    #expect(state == 42)
  }

  // MARK: - Refused when made, with a message

  @Test func functionPayloadsAreRefusedNamingTheCaseAndTheFix() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.function, fileID: "App/Feature.swift", line: 12)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("App/Feature.swift:12: Scope cannot extract the case `function`"))
    #expect(message.contains("of Layouts: its payload, (Int) -> Int, is a function type"))
    #expect(
      message.contains(
        "AnyCasePath(embed: Layouts.function, extract: { if case .function(let value) = $0"))
  }

  @Test func sendableFunctionPayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.sendableFunction, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `sendableFunction` of Layouts"))
    #expect(message.contains("is a function type"))
  }

  @Test func mainActorFunctionPayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.mainActorFunction, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `mainActorFunction` of Layouts"))
  }

  @Test func throwingFunctionPayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.throwingFunction, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `throwingFunction` of Layouts"))
  }

  @Test func optionalFunctionPayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(
          embed: { (f: ((Int) -> Int)?) in Layouts.optionalFunction(f) }, fileID: #fileID,
          line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `optionalFunction` of Layouts"))
    #expect(message.contains("is an optional of a function type"))
  }

  @Test func tuplesContainingFunctionsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.tupleWithFunction, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `tupleWithFunction` of Layouts"))
    #expect(message.contains("is a tuple containing a function type"))
  }

  @Test func indirectFunctionPayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.boxedFunction, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    // `function` and `boxedFunction` carry the same type; the first is named.
    #expect(message.contains("is a function type"))
  }

  @Test func structMetatypePayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.structType, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `structType` of Layouts: its payload, Int.Type"))
    #expect(message.contains("is the metatype of a non-class type"))
  }

  @Test func enumMetatypePayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(embed: Layouts.enumType, fileID: #fileID, line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("the case `enumType` of Layouts"))
  }

  @Test func optionalStructMetatypePayloadsAreRefused() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(
          embed: { (type: Int.Type?) in Layouts.optionalStructType(type) }, fileID: #fileID,
          line: #line)
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("is an optional of the metatype of a non-class type"))
  }

  @Test func aWrappingClosureIsRefusedWhenNoCaseCarriesItsValue() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Scope(
          state: \Int.self, action: { (leaf: LayoutLeaf) in LayoutWrapped.presented(.inner(leaf)) },
          fileID: "App/Parent.swift", line: 40
        ) { EmptyReducer<Int, LayoutLeaf>() }
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("App/Parent.swift:40: Scope was given an action that no case"))
    #expect(message.contains("of LayoutWrapped can be: no case carries a LayoutLeaf"))
    #expect(message.contains("(`{ .child(.presented($0)) }`) cannot be inverted"))
  }

  @Test func aWrappingClosureIsRefusedOnTheFirstActionOfACaseItCannotBuild() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        // `Layouts.leaf` carries a LayoutLeaf, so the scope can be made; the closure builds
        // `.presented`, which cannot.
        let extractor = CaseExtractor(
          embed: { (leaf: LayoutLeaf) in Layouts.presented(.inner(leaf)) }, fileID: #fileID,
          line: #line)
        _ = extractor.extract(from: .leaf(.tap))
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("was given an action that builds `.presented` of Layouts"))
    #expect(message.contains("which does not carry a LayoutLeaf: it is not a case constructor"))
  }

  @Test func ifLetAndForEachNameThemselvesInRefusals() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CaseExtractor(
          embed: Layouts.function, fileID: #fileID, line: #line, api: "ifLet")
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains(": ifLet cannot extract the case `function`"))
  }
}

enum LayoutWrapped {
  case presented(LayoutWrapper)
  case other
}

@Suite struct CaseAnalysisBoundsTests {
  @Test func aPayloadLargerThanTheEnumIsRefused() {
    let payload = EnumMetadata.Case(
      name: "big", payload: SIMD4<Int>.self, isIndirect: false, isStored: true)
    let hazard = CaseAnalysis.hazard(of: payload, value: SIMD4<Int>.self, root: Optional<Int8>.self)
    #expect(hazard == "stored in fewer bytes inside the enum than a value of its type takes")
  }

  @Test func aPayloadStoredInNoBytesIsReadOnlyAsATypeOfNoBytes() {
    let empty = EnumMetadata.Case(
      name: "unit", payload: Void.self, isIndirect: false, isStored: false)
    #expect(CaseAnalysis.hazard(of: empty, value: Void.self, root: Layouts.self) == nil)
    let sized = EnumMetadata.Case(
      name: "count", payload: Int.self, isIndirect: false, isStored: false)
    #expect(CaseAnalysis.hazard(of: sized, value: Int.self, root: Layouts.self) != nil)
  }

  @Test func zeroSizedPayloadsRoute() throws {
    struct Marker: Equatable {}
    enum Action { case mark(Marker), unit(Void), other }
    let extractor = CaseExtractor(embed: Action.mark, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .mark(Marker())) == Marker())
    #expect(extractor.extract(from: .other) == nil)
    let unit = CaseExtractor(embed: Action.unit, fileID: #fileID, line: #line)
    #expect(unit.extract(from: .unit(())) != nil)
    #expect(unit.extract(from: .mark(Marker())) == nil)
  }
}

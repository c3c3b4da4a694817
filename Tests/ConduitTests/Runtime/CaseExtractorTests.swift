import Testing

@testable import Conduit

@Suite struct CaseExtractorTests {
  enum Child: Equatable, Sendable {
    case a
    case b(Int)
  }

  final class Reference: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }

  enum Parent: Sendable {
    case first(Child)
    case second(Child)
    case labelled(value: Child)
    case integer(Int)
    case reference(Reference)
    case existential(any Sendable)
    indirect case boxed(Child)
    case empty
  }

  @Test func extractsOnlyTheConstructorsCase() {
    let extractor = CaseExtractor(embed: Parent.second, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .first(.a)) == nil)
    #expect(extractor.extract(from: .second(.b(7))) == .b(7))
    #expect(extractor.extract(from: .first(.b(7))) == nil)
    #expect(extractor.extract(from: .empty) == nil)
  }

  @Test func learnsTheCaseFromAValueOfAnotherCaseWithTheSamePayloadType() {
    let extractor = CaseExtractor(embed: Parent.second, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .first(.a)) == nil)
    #expect(extractor.extract(from: .second(.a)) == .a)
  }

  @Test func extractsLabelledPayloads() {
    let extractor = CaseExtractor(embed: Parent.labelled(value:), fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .labelled(value: .b(3))) == .b(3))
    #expect(extractor.extract(from: .first(.b(3))) == nil)
  }

  @Test func extractsIndirectPayloads() {
    let extractor = CaseExtractor(embed: Parent.boxed, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .boxed(.b(9))) == .b(9))
    #expect(extractor.extract(from: .boxed(.a)) == .a)
    #expect(extractor.extract(from: .first(.a)) == nil)
  }

  @Test func extractsFromAnEnumWhoseCasesAreAllIndirect() {
    indirect enum AllBoxed { case one(Child), two(Child) }
    let extractor = CaseExtractor(embed: AllBoxed.two, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .one(.a)) == nil)
    #expect(extractor.extract(from: .two(.b(1))) == .b(1))
  }

  @Test func extractsReferencePayloadsWithoutLosingThem() {
    let extractor = CaseExtractor(embed: Parent.reference, fileID: #fileID, line: #line)
    let reference = Reference(name: "kept")
    for _ in 0..<1_000 {
      #expect(extractor.extract(from: .reference(reference)) === reference)
    }
    #expect(reference.name == "kept")
  }

  @Test func extractsExistentialPayloads() {
    let extractor = CaseExtractor(
      embed: { (value: any Sendable) in Parent.existential(value) }, fileID: #fileID,
      line: #line)
    let extracted = extractor.extract(from: .existential(42))
    #expect(extracted as? Int == 42)
    #expect(extractor.extract(from: .existential("text")) as? String == "text")
    #expect(extractor.extract(from: .integer(1)) == nil)
  }

  @Test func extractsIntegerPayloads() {
    let extractor = CaseExtractor(embed: Parent.integer, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .integer(-5)) == -5)
    #expect(extractor.extract(from: .integer(Int.max)) == Int.max)
    #expect(extractor.extract(from: .first(.a)) == nil)
  }

  @Test func plainLabelledAndReferencePayloadsAreCopiedOutOfTheValue() {
    #expect(route(of: .second(.a), as: Child.self) == .inline)
    #expect(route(of: .labelled(value: .a), as: Child.self) == .inline)
    #expect(route(of: .reference(Reference(name: "r")), as: Reference.self) == .inline)
    #expect(route(of: .existential(1), as: (any Sendable).self) == .inline)
  }

  @Test func indirectPayloadsAreReadFromTheirBox() {
    #expect(route(of: .boxed(.a), as: Child.self) == .boxed(.whole))
  }

  @Test func casesOfAnotherPayloadTypeAreNotCandidates() {
    #expect(route(of: .integer(1), as: Child.self) == .none)
    #expect(route(of: .empty, as: Child.self) == .none)
    #expect(route(of: .existential(1), as: Int.self) == .none)
  }

  @Test func genericEnumPayloadsResolveTheirGenericArguments() {
    enum Generic<A, B> { case first(A), second([B]) }
    let extractor = CaseExtractor(embed: Generic<Int, String>.second, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .second(["x"])) == ["x"])
    #expect(extractor.extract(from: .first(1)) == nil)
  }

  private func route<Value>(of value: Parent, as _: Value.Type) -> CaseAnalysis.Route {
    let site = CaseSite(fileID: #fileID, line: #line, api: "test")
    let analysis = CaseAnalysis.checked(root: Parent.self, value: Value.self, at: site)
      .takeUnretainedValue()
    return analysis.route(ofTag: EnumMetadata(Parent.self)!.tag(of: value))
  }

  @Test func extractsFromOptionals() {
    let extractor = CaseExtractor(embed: Optional<Int>.some, fileID: #fileID, line: #line)
    #expect(extractor.extract(from: 4) == 4)
    #expect(extractor.extract(from: nil) == nil)
  }

  @Test func tellsCasesWithTheSameBaseNameApart() {
    enum Overloaded { case value(x: Int), value(y: Int) }
    let extractor = CaseExtractor(embed: Overloaded.value(y:), fileID: #fileID, line: #line)
    #expect(extractor.extract(from: .value(x: 1)) == nil)
    #expect(extractor.extract(from: .value(y: 2)) == 2)
  }
}

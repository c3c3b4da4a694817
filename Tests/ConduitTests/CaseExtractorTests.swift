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

  @Test func plainAndLabelledPayloadsTakeTheFastPath() {
    let plain = CaseExtractor(embed: Parent.second, fileID: #fileID, line: #line)
    let labelled = CaseExtractor(embed: Parent.labelled(value:), fileID: #fileID, line: #line)
    let reference = CaseExtractor(embed: Parent.reference, fileID: #fileID, line: #line)
    _ = plain.extract(from: .second(.a))
    _ = labelled.extract(from: .labelled(value: .a))
    _ = reference.extract(from: .reference(Reference(name: "r")))
    #expect(plain.copiesBytes)
    #expect(labelled.copiesBytes)
    #expect(reference.copiesBytes)
  }

  @Test func indirectAndExistentialPayloadsAreReflected() {
    let boxed = CaseExtractor(embed: Parent.boxed, fileID: #fileID, line: #line)
    let existential = CaseExtractor(
      embed: { (value: any Sendable) in Parent.existential(value) }, fileID: #fileID,
      line: #line)
    _ = boxed.extract(from: .boxed(.a))
    _ = existential.extract(from: .existential(1))
    #expect(boxed.extract(from: .boxed(.b(2))) == .b(2))
    #expect(!boxed.copiesBytes)
    #expect(!existential.copiesBytes)
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

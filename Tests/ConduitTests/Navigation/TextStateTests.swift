import Testing

@_spi(Testing) @testable import Conduit

@Suite struct TextStateTests {
  @Test func literalInitializerAndVerbatimMakeEqualValues() {
    let literal: TextState = "Delete?"
    #expect(literal == TextState("Delete?"))
    #expect(literal == TextState(verbatim: "Delete?"))
    #expect(TextState("Delete?"[...]) == literal)
  }

  @Test func differentTextIsNotEqual() {
    #expect(TextState("Delete?") != TextState("Delete"))
  }

  @Test func interpolationWritesTheValues() {
    let title = "Breakwater"
    let text: TextState = "Delete \(title), \(3) episodes?"
    #expect(String(state: text) == "Delete Breakwater, 3 episodes?")
  }

  @Test func concatenationEqualsTheTextInOnePiece() {
    let joined = TextState("Delete ") + TextState("Breakwater") + TextState("?")
    #expect(joined == TextState("Delete Breakwater?"))
    #expect(joined.hashValue == TextState("Delete Breakwater?").hashValue)
  }

  @Test func stringOfStateIsThePlainText() {
    #expect(String(state: TextState("Keep \"this\"")) == #"Keep "this""#)
  }

  @Test func descriptionIsThePlainTextAndDebugDescriptionIsSwift() {
    let text = TextState("Keep \"this\"")
    #expect(text.description == #"Keep "this""#)
    #expect(text.debugDescription == #"TextState("Keep \"this\"")"#)
  }

  @Test func diffsQuoteTheText() {
    struct Screen: Equatable { var title: TextState }
    #expect(
      StateDiff(from: Screen(title: "Delete?"), to: Screen(title: "Remove?")).lines(
        .expectedActual) == [#"title: expected "Delete?", got "Remove?""#])
  }
}

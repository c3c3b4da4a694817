import Testing

@testable import TVTrackerCore

@Suite struct TextWidthTests {
  @Test(arguments: [
    ("plain ASCII", "Harbor", 6),
    ("CJK ideographs", "東京", 4),
    ("kana and hangul", "カナ한글", 8),
    ("fullwidth forms", "ＡＢ", 4),
    ("a combining accent", "Cafe\u{301}", 4),
    ("several combining marks", "a\u{301}\u{323}\u{308}", 1),
    ("hangul from jamo", "\u{1112}\u{1161}\u{11AB}", 2),
    ("an emoji", "👍", 2),
    ("an emoji with a skin tone", "👍🏽", 2),
    ("a joined family", "👨‍👩‍👧", 2),
    ("a flag", "🇯🇵", 2),
    ("a symbol made emoji", "❤️", 2),
    ("the same symbol as text", "❤", 1),
    ("a keycap", "1️⃣", 2),
    ("a zero-width space", "a\u{200B}b", 2),
    ("a zero-width joiner alone", "\u{200D}", 0),
    ("a lone combining mark", "\u{301}", 0),
    ("the cursor mark, ambiguous and drawn narrow", "›", 1),
    ("a mixed string", "Tōkyō 東京 🍣 Cafe\u{301}!", 19),
  ])
  func columns(_ what: String, text: String, expected: Int) {
    #expect(TextWidth.columns(text) == expected, "\(what)")
  }

  @Test func prefixNeverSplitsAWideCharacterOrACluster() {
    #expect(TextWidth.prefix("東京タワー", fitting: 5) == "東京")
    #expect(TextWidth.prefix("a👨‍👩‍👧b", fitting: 2) == "a")
    #expect(TextWidth.prefix("a👨‍👩‍👧b", fitting: 3) == "a👨‍👩‍👧")
    #expect(TextWidth.prefix("Cafe\u{301}s", fitting: 4) == "Cafe\u{301}")
    #expect(TextWidth.prefix("abc", fitting: 0) == "")
  }

  @Test func padCutsAndFillsByColumns() {
    #expect(Layout.pad("東京タワー", to: 8) == "東京タ~ ")
    #expect(Layout.pad("東京", to: 6) == "東京  ")
    #expect(Layout.pad("Cafe\u{301}", to: 6) == "Cafe\u{301}  ")
    #expect(Layout.pad("🍣🍣🍣", to: 5) == "🍣🍣~")
    for text in ["東京タワー", "Cafe\u{301} au lait", "👨‍👩‍👧 family", "plain"] {
      #expect(TextWidth.columns(Layout.pad(text, to: 7)) == 7, "\(text)")
    }
  }

  @Test func wrapBreaksAtSpacesAndInsideWordsOnlyWhenTheyAreTooLong() {
    #expect(
      TextWidth.wrap("the window is too small", width: 10) == ["the window", "is too", "small"])
    #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWidth.wrap("東京タワー", width: 4) == ["東京", "タワ", "ー"])
    #expect(TextWidth.wrap("anything", width: 0) == [])
  }

  @Test func printableReplacesControlCharactersOnly() {
    #expect(TextWidth.printable("a\u{1B}[31mb\u{7F}\u{85}é") == "a\u{FFFD}[31mb\u{FFFD}\u{FFFD}é")
    #expect(TextWidth.printable("東京 🍣") == "東京 🍣")
  }
}

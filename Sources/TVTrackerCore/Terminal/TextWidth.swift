/// How many terminal columns text takes, as terminals draw it.
///
/// One `Character` (a grapheme cluster) is what a terminal draws in one place, and it takes
/// - 2 columns when it is East Asian wide or fullwidth (CJK, kana, hangul, fullwidth forms), or
///   an emoji: one drawn as emoji by default, one made emoji by U+FE0F, a flag, a keycap, a
///   sequence joined with U+200D;
/// - 0 columns when it is only a mark that combines with what is before it, or a character
///   drawn as nothing (a zero-width space or joiner, a variation selector alone);
/// - 1 column otherwise, including East Asian "ambiguous" characters such as `›`, which
///   terminals outside CJK locales draw narrow.
///
/// ```swift
/// TextWidth.columns("日本")       // 4
/// TextWidth.columns("e\u{301}")  // 1
/// TextWidth.prefix("日本語", fitting: 5)  // "日本"
/// ```
enum TextWidth {
  /// The columns `text` takes.
  static func columns(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + columns($1) }
  }

  /// The columns one character takes: 0, 1 or 2.
  static func columns(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: \.properties.isEmojiPresentation) { return 2 }
    // U+FE0F asks for the emoji form of what it follows: "❤️", keycaps such as "1️⃣".
    if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    if isWide(first) { return 2 }
    if isZeroWidth(first) { return 0 }
    return 1
  }

  /// The longest start of `text` that fits in `width` columns; never splits a character.
  static func prefix(_ text: String, fitting width: Int) -> String {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let next = used + columns(text[index])
      if next > width { break }
      used = next
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  /// `text` with each control character (C0, DEL, C1) replaced by U+FFFD, so that text from
  /// outside can never move the cursor or change the terminal's state.
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(scalars)
  }

  /// `text` broken into lines of at most `width` columns, at spaces where it can be, inside a
  /// word only when the word alone is too wide.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      var word = String(word)
      let candidate = line.isEmpty ? word : line + " " + word
      if columns(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      while columns(word) > width {
        let piece = prefix(word, fitting: width)
        // A character wider than the whole line: drop it rather than loop.
        guard !piece.isEmpty else { word.removeFirst(); continue }
        lines.append(piece)
        word.removeFirst(piece.count)
      }
      line = word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default:
      // Hangul vowels and final consonants that join a leading consonant; variation selectors.
      return (0x1160...0x11FF).contains(scalar.value) || (0xFE00...0xFE0F).contains(scalar.value)
    }
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Below the first wide range: every Latin, Greek, Cyrillic, … character, without a search.
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The blocks Unicode's East Asian Width property marks wide (W) or fullwidth (F), apart from
  /// emoji, which the emoji properties cover; sorted, for the binary search.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo leading consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    0x3041...0x33FF,  // kana, Bopomofo, Hangul compatibility jamo, enclosed CJK, CJK compatibility
    0x3400...0x4DBF,  // CJK unified ideographs extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x16FF0...0x16FF1,
    0x17000...0x18CFF,  // Tangut, Khitan
    0x18D00...0x18D08,
    0x1AFF0...0x1B2FF,  // kana extended and supplement, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}

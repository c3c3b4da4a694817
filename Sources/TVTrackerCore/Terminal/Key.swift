/// A key the interactive mode understands.
enum Key: Equatable {
  case character(Character)
  case up, down, left, right
  case enter, tab, backTab, backspace, escape
  /// Ctrl-C: raw mode delivers it as a byte instead of a signal.
  case interrupt
  /// Ctrl-D.
  case endOfInput
  /// Any other control key or escape sequence, ignored.
  case other

  /// Splits the bytes one read returned into keys.
  ///
  /// A read returns whatever arrived: one key, the bytes of an escape sequence (`ESC [ A` is the
  /// up arrow), or several keys pasted at once. A lone `ESC` at the end of a read is the Escape
  /// key itself.
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x1B:
        keys.append(decodeEscape(bytes, &index))
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x09: keys.append(.tab)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x03: keys.append(.interrupt)
      case 0x04: keys.append(.endOfInput)
      case 0x00..<0x20: keys.append(.other)
      default:
        keys.append(decodeCharacter(startingWith: byte, bytes, &index))
      }
    }
    return keys
  }

  private static func decodeEscape(_ bytes: [UInt8], _ index: inout Int) -> Key {
    guard index < bytes.count else { return .escape }
    let introducer = bytes[index]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return .escape
    }
    index += 1
    // Parameters and intermediates run up to a final byte in 0x40...0x7E.
    var final: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if (0x40...0x7E).contains(byte) {
        final = byte
        break
      }
    }
    switch final.map({ Character(Unicode.Scalar($0)) }) {
    case "A": return .up
    case "B": return .down
    case "C": return .right
    case "D": return .left
    case "Z": return .backTab
    default: return .other
    }
  }

  private static func decodeCharacter(
    startingWith lead: UInt8, _ bytes: [UInt8], _ index: inout Int
  ) -> Key {
    let length =
      switch lead {
      case 0xC0..<0xE0: 2
      case 0xE0..<0xF0: 3
      case 0xF0..<0xF8: 4
      default: 1
      }
    let end = min(bytes.count, index - 1 + length)
    let sequence = bytes[(index - 1)..<end]
    index = end
    guard sequence.count == length, lead < 0x80 || lead >= 0xC0,
      let text = String(validating: sequence, as: UTF8.self), let character = text.first
    else { return .other }
    return .character(character)
  }
}

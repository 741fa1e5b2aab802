/// Turns the bytes a terminal sends in raw mode into keys: UTF-8 characters, control keys and the
/// escape sequences of arrows, Delete and Shift-Tab. Bytes of a sequence cut between two reads are kept
/// for the next call.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder.
  public init() {}

  /// The keys in `bytes` (and in the bytes kept from the previous call). A lone Escape is reported only
  /// when `bytes` ends with it (a terminal sends a sequence in one write).
  public mutating func decode(_ bytes: [UInt8]) -> [KeyEvent] {
    pending += bytes
    var events: [KeyEvent] = []
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x1B:
        guard index + 1 < pending.count else {
          events.append(.escape)
          index += 1
          continue
        }
        guard pending[index + 1] == 0x5B || pending[index + 1] == 0x4F else {
          events.append(.escape)
          index += 1
          continue
        }
        guard let end = pending[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
          pending.removeFirst(index)
          return events
        }
        if let event = Self.sequence(Array(pending[(index + 2)...end])) { events.append(event) }
        index = end + 1
      case 0x09:
        events.append(.tab)
        index += 1
      case 0x0D, 0x0A:
        events.append(.enter)
        index += 1
      case 0x7F, 0x08:
        events.append(.backspace)
        index += 1
      case 0x03:
        events.append(.interrupt)
        index += 1
      case 0x00..<0x20: index += 1
      default:
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else {
          pending.removeFirst(index)
          return events
        }
        let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
        if let character = text.first { events.append(.character(character)) }
        index += length
      }
    }
    pending.removeAll()
    return events
  }

  /// The key of a CSI/SS3 sequence's parameters and final byte.
  private static func sequence(_ body: [UInt8]) -> KeyEvent? {
    switch body.last {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "Z"): .backTab
    case UInt8(ascii: "~") where body.first == UInt8(ascii: "3"): .delete
    default: nil
    }
  }
}

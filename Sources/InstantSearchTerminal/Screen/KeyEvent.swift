/// A key the showcase reacts to.
public enum KeyEvent: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Enter.
  case enter
  /// Backspace.
  case backspace
  /// Delete.
  case delete
  /// Escape.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Ctrl-C.
  case interrupt
  /// A new terminal size.
  case resize(width: Int, height: Int)

  /// Space.
  public static let space = KeyEvent.character(" ")

  /// Reads a key script: characters stand for themselves; `<Tab>`, `<S-Tab>`, `<Enter>`, `<Space>`,
  /// `<BS>`, `<Del>`, `<Esc>`, `<Up>`, `<Down>`, `<Left>`, `<Right>`, `<C-c>`, `<lt>` name the others.
  ///
  /// - Throws: ``KeyScriptError`` naming the unknown key and its position.
  public static func parse(script: String) throws(KeyScriptError) -> [KeyEvent] {
    var events: [KeyEvent] = []
    var index = script.startIndex
    while index < script.endIndex {
      let character = script[index]
      guard character == "<", let close = script[index...].firstIndex(of: ">") else {
        events.append(.character(character))
        index = script.index(after: index)
        continue
      }
      let name = String(script[script.index(after: index)..<close])
      guard let event = named[name.lowercased()] else {
        throw KeyScriptError(name: name, offset: script.distance(from: script.startIndex, to: index))
      }
      events.append(event)
      index = script.index(after: close)
    }
    return events
  }

  private static let named: [String: KeyEvent] = [
    "tab": .tab, "s-tab": .backTab, "enter": .enter, "cr": .enter, "space": .space, "bs": .backspace,
    "del": .delete, "esc": .escape, "up": .up, "down": .down, "left": .left, "right": .right,
    "c-c": .interrupt, "lt": .character("<"),
  ]
}

/// An unknown key name in a key script.
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name between the angle brackets.
  public let name: String
  /// The 0-based character offset of `<`.
  public let offset: Int

  /// Creates an error for the key `name` whose `<` is at `offset`.
  public init(name: String, offset: Int) {
    self.name = name
    self.offset = offset
  }

  /// `unknown key <Foo> at character 12`.
  public var description: String { "unknown key <\(name)> at character \(offset + 1)" }
}

import InstantSearchTerminal
import Testing

@Suite("Keys")
struct KeyTests {
  @Test("Key scripts name the special keys; an unknown name says where")
  func scripts() throws {
    #expect(
      try KeyEvent.parse(script: "ab<Tab><S-Tab><Space><lt>") == [
        .character("a"), .character("b"), .tab, .backTab, .space, .character("<"),
      ])
    #expect(throws: KeyScriptError(name: "Nope", offset: 2)) { try KeyEvent.parse(script: "ab<Nope>") }
    #expect(KeyScriptError(name: "Nope", offset: 2).description == "unknown key <Nope> at character 3")
  }

  @Test("Raw terminal bytes: UTF-8, control keys and escape sequences, also cut between reads")
  func decoder() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("hé".utf8)) == [.character("h"), .character("é")])
    #expect(decoder.decode([0x09, 0x0D, 0x7F, 0x03]) == [.tab, .enter, .backspace, .interrupt])
    #expect(decoder.decode([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x5A, 0x1B, 0x5B, 0x33, 0x7E]) == [.up, .backTab, .delete])
    #expect(decoder.decode([0x1B, 0x5B]) == [])
    #expect(decoder.decode([0x42]) == [.down])
    #expect(decoder.decode([0xC3]) == [])
    #expect(decoder.decode([0xA9]) == [.character("é")])
    #expect(decoder.decode([0x1B]) == [.escape])
  }
}

import Foundation
import InstantSearchEngine
import Testing

/// Settings, rules, synonyms and multi-query bodies nested past Foundation's 512-level limit, ending at the
/// bracket that crosses it (which traps Foundation's reader on Linux): each is refused with an error that
/// says how deep, and the process goes on. The fuzzer found the first (seed 619, settings).
@Suite("Deeply nested settings, rules, synonyms and requests are refused")
struct DeepJSONFileTests {
  static let texts = [String(repeating: "[", count: 513), "{\"a\":" + String(repeating: "[", count: 512)]

  static func refuses(_ read: (Data) throws(EngineError) -> Void) {
    for text in texts {
      #expect {
        try read(Data(text.utf8))
      } throws: { error in
        "\(error)".contains("nested more than 100 levels deep")
      }
    }
  }

  @Test("IndexSettings(jsonData:) names the line and column")
  func settings() {
    #expect(
      throws: EngineError.invalidSettings("not valid JSON at line 1, column 101: nested more than 100 levels deep")
    ) {
      try IndexSettings(jsonData: Data(Self.texts[0].utf8))
    }
    Self.refuses { data throws(EngineError) in _ = try IndexSettings(jsonData: data) }
  }

  @Test("Rules, synonyms (an array or one a line) and multi-query bodies")
  func others() {
    Self.refuses { data throws(EngineError) in _ = try QueryRule.rules(jsonData: data) }
    Self.refuses { data throws(EngineError) in _ = try Synonym.synonyms(jsonData: data) }
    Self.refuses { data throws(EngineError) in _ = try Synonym.synonyms(jsonData: Data("\n".utf8) + data) }
    Self.refuses { data throws(EngineError) in _ = try MultipleQueriesRequest(json: data, defaultIndex: nil) }
  }
}

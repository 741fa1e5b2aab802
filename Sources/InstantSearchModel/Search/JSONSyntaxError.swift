import Foundation

/// Where JSON text stops being JSON, as a line and column: `JSONDecoder` on Linux says only "not valid
/// JSON", which leaves a user hunting through a settings file.
package enum JSONSyntaxError {
  /// "line L, column C: what" for the first syntax error of `data`, or `nil` when it parses (or the parser
  /// gives no position).
  package static func locate(in data: Data) -> String? {
    if let offset = JSONNesting.firstTooDeep(in: data) {
      return "\(position(of: offset, in: data)): nested more than \(JSON.maximumDepth) levels deep"
    }
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      guard let range = text.range(of: "character "),
        let offset = Int(text[range.upperBound...].prefix { $0.isNumber }), offset >= 0
      else { return text }
      let what = text.prefix { $0 != "." }.replacingOccurrences(of: " around character \(offset)", with: "")
      return "\(position(of: offset, in: data)): \(what.prefix(1).lowercased() + what.dropFirst())"
    }
  }

  /// "line L, column C" of the byte at `offset` (columns count characters, not bytes).
  static func position(of offset: Int, in data: Data) -> String {
    var line = 1
    var column = 1
    for byte in data.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }
}

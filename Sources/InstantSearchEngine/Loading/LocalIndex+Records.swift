import Foundation
import InstantSearchModel

extension LocalIndex {
  /// Loads a records file in either form a user has: a JSON array of record objects (the first
  /// character that is not white space is `[`), read whole, or JSON lines (one record object a line),
  /// streamed (see ``loadJSONLines(contentsOf:progress:)``).
  ///
  /// - Throws: ``EngineError/unreadableInput(_:)`` when the file cannot be read,
  ///   ``EngineError/invalidRecord(line:reason:)`` naming the line or element of a bad record.
  public func loadRecords(contentsOf url: URL, progress: (@Sendable (LoadProgress) -> Void)? = nil)
    throws(EngineError)
  {
    if try Self.holdsArray(url) {
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .unreadableInput("cannot read \(url.path): \(error.localizedDescription)")
      }
      try loadJSON(data)
    } else {
      try loadJSONLines(contentsOf: url, progress: progress)
    }
  }

  /// Whether the file at `url` starts, after white space, with `[` (see ``LineReader/holdsArray(_:at:)``).
  static func holdsArray(_ url: URL) throws(EngineError) -> Bool {
    try LineReader.holdsArray(LineReader.open(url), at: url)
  }
}

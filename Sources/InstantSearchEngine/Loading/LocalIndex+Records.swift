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

  /// Whether the file at `url` starts, after white space, with `[`.
  static func holdsArray(_ url: URL) throws(EngineError) -> Bool {
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      while let chunk = try handle.read(upToCount: 4_096), !chunk.isEmpty {
        if let first = chunk.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
          return first == UInt8(ascii: "[")
        }
      }
      return false
    } catch {
      throw .unreadableInput("cannot read \(url.path): \(error.localizedDescription)")
    }
  }
}

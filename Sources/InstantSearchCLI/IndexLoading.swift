import Foundation
import InstantSearchCore
import InstantSearchEngine

/// Loading an index from files, with a progress bar on a terminal.
enum IndexLoading {
  /// Loads `records` (JSON lines, or a `.json` array) with the settings file `settings`, if any; or opens
  /// the index directory `records` (built by `instantsearch import`; its own settings apply).
  ///
  /// - Throws: ``EngineError/unreadableInput(_:)`` when `records` is a directory holding no index or cannot
  ///   be read (never an empty index in its place), ``DurableError`` for a damaged index directory, and the
  ///   loader's errors naming the line of a bad record.
  static func load(records: String, settings: String?, name: String) throws -> LocalIndex {
    var indexSettings = IndexSettings()
    if let settings {
      let data = try Data(contentsOf: URL(fileURLWithPath: settings))
      indexSettings = try IndexSettings(jsonData: data)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: records, isDirectory: &isDirectory) else {
      throw EngineError.unreadableInput("--records: no file at \(records)")
    }
    if isDirectory.boolValue {
      guard FileManager.default.fileExists(atPath: records + "/manifest") else {
        throw EngineError.unreadableInput(
          "--records: \(records) is a directory holding no index (see instantsearch import)")
      }
      return try DurableIndex.readOnly(directory: records, name: name)
    }
    let index = LocalIndex(name: name, settings: indexSettings)
    let url = URL(fileURLWithPath: records)
    if records.hasSuffix(".json") {
      try index.loadJSON(try Data(contentsOf: url))
    } else {
      let bar = ProgressBar()
      try index.loadJSONLines(contentsOf: url) { progress in bar.update(progress) }
      bar.finish()
    }
    return index
  }
}

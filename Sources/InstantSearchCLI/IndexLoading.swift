import Foundation
import InstantSearchCore
import InstantSearchEngine

/// Loading an index from files, with a progress bar on a terminal.
enum IndexLoading {
  /// Loads `records` (JSON lines, or a JSON array) with the settings file `settings`, if any; or opens
  /// the index directory `records` (built by `instantsearch import`; its own settings apply, so
  /// `settings` must be `nil` then).
  ///
  /// - Throws: ``CommandError`` for a missing records file, a directory holding no index, or settings
  ///   given with a directory (never an empty index, or settings silently ignored), what ``settings(at:)``
  ///   throws, ``DurableError`` for a damaged index directory, and the loader's errors naming the line of
  ///   a bad record.
  static func load(records: String, settings: String?, name: String) throws -> LocalIndex {
    let indexSettings = try settings.map { try Self.settings(at: $0) } ?? IndexSettings()
    if try isIndexDirectory(records) {
      if settings != nil {
        throw CommandError(
          "--settings applies to a records file; the index directory \(records) keeps the settings it was imported with (run import again with --settings to change them)"
        )
      }
      try checkName(name, of: records)
      return try DurableIndex.readOnly(directory: records, name: name)
    }
    let index = LocalIndex(name: name, settings: indexSettings)
    let url = URL(fileURLWithPath: records)
    let bar = ProgressBar()
    try index.loadRecords(contentsOf: url) { progress in bar.update(progress) }
    bar.finish()
    return index
  }

  /// Whether `records` is an index directory (`false` for a file).
  ///
  /// - Throws: ``CommandError`` when nothing is at `records`, or it is a directory without an index.
  static func isIndexDirectory(_ records: String) throws -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: records, isDirectory: &isDirectory) else {
      throw CommandError("--records: no file or index directory at \(records)")
    }
    guard isDirectory.boolValue else { return false }
    guard FileManager.default.fileExists(atPath: records + "/manifest") else {
      throw CommandError("--records: \(records) is a directory holding no index (build one with instantsearch import)")
    }
    return true
  }

  /// The settings in the JSON file at `path`, given by option `option`.
  ///
  /// - Throws: ``CommandError`` naming the file: missing, unreadable, not JSON (with the line and column),
  ///   or settings the engine refuses (with the reason).
  static func settings(at path: String, option: String = "--settings") throws -> IndexSettings {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw CommandError("\(option): cannot read \(path): \(CLIError.reason(error))")
    }
    do throws(EngineError) {
      return try IndexSettings(jsonData: data)
    } catch {
      throw CommandError("\(option) \(path): \(error)")
    }
  }

  /// Checks that the index directory `directory` holds the index `name`.
  ///
  /// - Throws: ``CommandError`` saying which index it holds and the option that opens it.
  static func checkName(_ name: String, of directory: String) throws {
    let held = try indexName(in: directory)
    guard held == name else {
      throw CommandError(
        "--index \(name): the index directory \(directory) holds index \"\(held)\" (pass --index \(held))")
    }
  }

  /// The name of the index the directory `directory` holds.
  static func indexName(in directory: String) throws -> String {
    try DurableIndex.indexName(inDirectory: directory)
  }
}

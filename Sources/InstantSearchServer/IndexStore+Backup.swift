import Foundation
import InstantSearchEngine
import InstantSearchModel

/// `instantsearch backup`: a consistent copy of a data directory a server is using, made without stopping
/// it or taking its writer's lock (a reader: nothing in the source changes).
extension IndexStore {
  /// The files of a data directory besides its index directories: replaced whole (keys, dictionaries,
  /// sources, the index list) or only appended to (the search log, the events).
  static let dataFiles = [
    ".keys.json", ".dictionaries.json", ".sources.json", ".indexes.json", ".searches.jsonl", ".events.jsonl",
  ]

  /// Copies the data directory `source` to `target` (created; it must hold nothing yet): each index
  /// directory as one of its commits and the writes logged after it (`DurableIndex.backup(directory:to:)`),
  /// and the application's files as they are at that moment. Returns the names of the indices copied.
  ///
  /// - Throws: `DurableError` naming what could not be read or written, or `target` holding files already.
  @discardableResult
  public static func backup(dataDirectory source: String, to target: String) throws -> [String] {
    let manager = FileManager.default
    if manager.fileExists(atPath: target), !(try manager.contentsOfDirectory(atPath: target)).isEmpty {
      throw DurableError.io(
        path: target, operation: "back up into \(target)",
        message: "it holds files already; a backup goes to a new or empty directory")
    }
    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
    var copied: [String] = []
    for folder in try manager.contentsOfDirectory(atPath: source).sorted()
    where manager.fileExists(atPath: source + "/" + folder + "/manifest") {
      try DurableIndex.backup(directory: source + "/" + folder, to: target + "/" + folder)
      copied.append(folder.removingPercentEncoding ?? folder)
    }
    for name in dataFiles {
      guard var bytes = try SmallFile.read(source + "/" + name) else { continue }
      // An append-only log read while a line is being written: its last line is whole or left out.
      if name.hasSuffix(".jsonl"), let end = bytes.lastIndex(of: 10) { bytes = Array(bytes[...end]) }
      if name.hasSuffix(".jsonl"), !bytes.contains(10) { bytes = [] }
      try SmallFile.replace(target + "/" + name, with: bytes)
    }
    return copied
  }
}

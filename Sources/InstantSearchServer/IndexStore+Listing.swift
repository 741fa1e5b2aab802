import Foundation
import InstantSearchEngine
import InstantSearchModel

/// What the list of indices reports (Algolia's `GET /1/indexes`): each index's record count, bytes on
/// disk, when it was created — kept in the data directory's `.indexes.json`, written atomically and synced
/// when an index is created or deleted — when it last changed, and how long its last write took to apply.
extension IndexStore {
  /// One index as the list reports it.
  public struct Listing: Sendable, Hashable {
    /// Its name.
    public let name: String
    /// Its records.
    public let entries: Int
    /// When it was created (for an index directory older than `.indexes.json`: its manifest's last change).
    public let createdAt: Date
    /// When a write last changed it (on open: its newest file's last change).
    public let updatedAt: Date
    /// Its bytes on disk (0 in memory).
    public let fileSize: Int
    /// The seconds its last write took to apply, logged and indexed (0 before any write since the server
    /// started): Algolia's `lastBuildTimeS`, whole seconds.
    public let lastBuildSeconds: Int
  }

  /// The indices, sorted by name.
  public func list() throws(EngineError) -> [Listing] {
    var result: [Listing] = []
    for (name, entry) in entries.withLock({ $0.sorted { $0.key < $1.key } }) {
      result.append(
        Listing(
          name: name, entries: entry.index.recordCount, createdAt: entry.createdAt, updatedAt: entry.updatedAt,
          fileSize: try entry.durable?.diskSize() ?? 0,
          lastBuildSeconds: Int(entry.lastBuild.components.seconds)))
    }
    return result
  }

  /// The commits of each index directory since the server opened it, by index name.
  func commitStatistics() -> [(name: String, commits: DurableIndex.CommitStatistics)] {
    entries.withLock { $0.sorted { $0.key < $1.key } }.compactMap { name, entry in
      entry.durable.map { (name, $0.commitStatistics) }
    }
  }

  /// Where the creation dates are kept (`nil`: in memory).
  var listingPath: String? { directory.map { $0 + "/.indexes.json" } }

  /// The stored creation dates, by index name (empty without a data directory or the file).
  ///
  /// - Throws: `DurableError.corrupt` naming the file when it does not read.
  func storedCreationDates() throws -> [String: Date] {
    guard let path = listingPath, let bytes = try SmallFile.read(path) else { return [:] }
    let json: JSON
    do {
      json = try JSONDecoder().decodeBounded(JSON.self, from: Data(bytes))
    } catch {
      throw DurableError.corrupt(path: path, reason: "the index list does not read: \(error)")
    }
    guard case .object(let indices) = json else {
      throw DurableError.corrupt(path: path, reason: "the index list is not an object")
    }
    var dates: [String: Date] = [:]
    for (name, entry) in indices {
      guard let seconds = entry["createdAt"]?.doubleValue, seconds.isFinite, (0...1e11).contains(seconds) else {
        throw DurableError.corrupt(path: path, reason: "\(name).createdAt is not a time in seconds")
      }
      dates[name] = Date(timeIntervalSince1970: seconds)
    }
    return dates
  }

  /// Stores the creation date of every index (called under the writer lock, after a creation or deletion).
  func storeCreationDates(_ dates: [String: Date]) throws(EngineError) {
    guard let path = listingPath else { return }
    let json = JSON.object(
      dates.mapValues { ["createdAt": .number(($0.timeIntervalSince1970 * 1000).rounded() / 1000)] })
    do throws(DurableError) {
      try SmallFile.replace(path, with: Array(json.description.utf8))
    } catch {
      throw .storage(error)
    }
  }

  /// The last change of the newest file directly in `directory` (`nil` when none reads).
  static func newestChange(in directory: String) -> Date? {
    let files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      return nil
    }
    return files.compactMap { name -> Date? in
      do {
        return try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.modificationDate] as? Date
      } catch {
        return nil
      }
    }.max()
  }
}

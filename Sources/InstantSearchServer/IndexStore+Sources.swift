import Foundation
import InstantSearchEngine
import InstantSearchModel

/// The allowed sources (Algolia's `/1/security/sources`), kept in the data directory's `.sources.json`
/// (written atomically and synced before a change is answered) or in memory without one.
extension IndexStore {
  /// Where the allowed sources are kept (`nil`: in memory).
  var sourcesPath: String? { directory.map { $0 + "/.sources.json" } }

  /// The allowed sources, in the order given.
  public var sources: [AllowedSource] { allowedSources.withLock { $0 } }

  /// Whether a request from `address` is admitted: always while the list is empty, else when a range
  /// holds it (or, with `trustingLoopback`, when it comes from this machine).
  func admits(_ address: String?, trustingLoopback: Bool) -> Bool {
    let sources = self.sources
    guard !sources.isEmpty else { return true }
    guard let address else { return false }
    if trustingLoopback && AllowedSource.isLoopback(address) { return true }
    return sources.contains { $0.contains(address) }
  }

  /// Reads the stored sources, if any.
  ///
  /// - Throws: `DurableError.corrupt` naming the file when it does not read.
  func loadSources() throws {
    guard let path = sourcesPath, let bytes = try SmallFile.read(path) else { return }
    do {
      let json = try JSONDecoder().decodeBounded(JSON.self, from: Data(bytes))
      let sources = try Self.sources(json)
      allowedSources.withLock { $0 = sources }
    } catch {
      throw DurableError.corrupt(path: path, reason: "the allowed sources do not read: \(error)")
    }
  }

  /// Applies `change` to the sources and stores them before they apply. Nothing changes when `change`
  /// throws, the list would pass ``AllowedSource/maximumCount``, or the file cannot be written.
  func changeSources(_ change: (inout [AllowedSource]) throws(APIError) -> Void) throws(APIError) {
    try allowedSources.withLock { (sources: inout [AllowedSource]) throws(APIError) in
      var changed = sources
      try change(&changed)
      guard changed.count <= AllowedSource.maximumCount else {
        throw APIError(400, "at most \(AllowedSource.maximumCount) sources")
      }
      if let path = sourcesPath {
        do throws(DurableError) {
          try SmallFile.replace(path, with: Array(JSON.array(changed.map(\.json)).description.utf8))
        } catch {
          throw APIError(EngineError.storage(error))
        }
      }
      sources = changed
    }
  }

  /// The sources a JSON list gives (`[{"source": …, "description": …}]`).
  static func sources(_ json: JSON) throws(APIError) -> [AllowedSource] {
    guard case .array(let items) = json, items.count <= AllowedSource.maximumCount else {
      throw APIError(400, "the sources must be a list of at most \(AllowedSource.maximumCount) objects")
    }
    var sources: [AllowedSource] = []
    for (position, item) in items.enumerated() {
      do throws(APIError) {
        sources.append(try source(item))
      } catch {
        throw APIError(400, "[\(position)]: \(error.message)")
      }
    }
    return sources
  }

  /// One source object (`{"source": "10.0.0.1/32", "description": "…"}`).
  static func source(_ json: JSON) throws(APIError) -> AllowedSource {
    guard case .object(let object) = json, let source = object["source"]?.stringValue else {
      throw APIError(400, "a source is an object with a source string (an IP address or CIDR range)")
    }
    let description: String
    switch object["description"] {
    case nil, .null?: description = ""
    case .string(let text)?: description = text
    case let other?: throw APIError(400, "description: a string is expected, found \(other.preview)")
    }
    return try AllowedSource(source: source, description: description)
  }
}

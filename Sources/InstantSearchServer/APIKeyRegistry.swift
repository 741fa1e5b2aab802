import Foundation
import InstantSearchEngine
import InstantSearchModel

/// The API keys a server accepts besides its admin key: those of its search keys file (fixed, listed but
/// not editable through the API) and those made through `/1/keys`, which are kept in the data directory's
/// `.keys.json` (written atomically and synced before a change is answered) or in memory without one.
///
/// A deleted key is kept aside until restored (`POST /1/keys/{key}/restore`), as Algolia allows.
public final class APIKeyRegistry: Sendable {
  private struct State {
    var made: [String: APIKeySpec] = [:]
    var deleted: [String: APIKeySpec] = [:]
  }

  /// The keys of the search keys file.
  public let configured: [APIKeySpec]
  private let path: String?
  private let state = Locked(State())

  /// The keys of `configured` and those stored in `directory` (none stored without one).
  ///
  /// - Throws: ``APIError`` (500) naming the key file when it does not read.
  public init(configured: [APIKeySpec], directory: String?) throws(APIError) {
    self.configured = configured
    path = directory.map { $0 + "/.keys.json" }
    guard let path else { return }
    let bytes: [UInt8]?
    do {
      bytes = try SmallFile.read(path)
    } catch {
      throw APIError(500, "\(error)")
    }
    guard let bytes else { return }
    let stored: JSON
    do {
      stored = try JSONDecoder().decodeBounded(JSON.self, from: Data(bytes))
    } catch {
      throw APIError(500, "\(path) is not valid JSON: \(error)")
    }
    var loaded = State()
    for entry in stored["keys"]?.arrayValue ?? [] {
      let spec = try APIKeySpec(stored: entry)
      loaded.made[spec.key] = spec
    }
    for entry in stored["deleted"]?.arrayValue ?? [] {
      let spec = try APIKeySpec(stored: entry)
      loaded.deleted[spec.key] = spec
    }
    state.withLock { $0 = loaded }
  }

  /// The key `key`, if it is one (expired keys included: the caller decides).
  public func spec(for key: String) -> APIKeySpec? {
    if let spec = configured.first(where: { SearchServer.equal(key, $0.key) }) { return spec }
    return state.withLock { state in state.made.values.first { SearchServer.equal(key, $0.key) } }
  }

  /// Every key, configured ones first, then the others by creation.
  public var all: [APIKeySpec] {
    configured + state.withLock { $0.made.values.sorted { ($0.createdAt, $0.key) < ($1.createdAt, $1.key) } }
  }

  /// Adds a key; stored before returning.
  public func add(_ spec: APIKeySpec) throws(APIError) {
    try change { state throws(APIError) in
      guard state.made[spec.key] == nil, !configured.contains(where: { $0.key == spec.key }) else {
        throw APIError(400, "the key already exists")
      }
      state.made[spec.key] = spec
    }
  }

  /// Replaces key `spec.key`'s fields (its creation time kept); stored before returning.
  public func update(_ spec: APIKeySpec) throws(APIError) {
    try change { state throws(APIError) in
      try refuseConfigured(spec.key)
      guard let old = state.made[spec.key] else { throw APIError(404, "Key does not exist") }
      var updated = spec
      updated.createdAt = old.createdAt
      state.made[spec.key] = updated
    }
  }

  /// Deletes key `key` (kept aside for a restore); stored before returning.
  public func delete(_ key: String) throws(APIError) {
    try change { state throws(APIError) in
      try refuseConfigured(key)
      guard let old = state.made.removeValue(forKey: key) else { throw APIError(404, "Key does not exist") }
      state.deleted[key] = old
    }
  }

  /// Brings back deleted key `key`; stored before returning.
  public func restore(_ key: String) throws(APIError) -> APIKeySpec {
    try change { state throws(APIError) in
      guard let old = state.deleted.removeValue(forKey: key) else { throw APIError(404, "Key does not exist") }
      state.made[key] = old
      return old
    }
  }

  private func refuseConfigured(_ key: String) throws(APIError) {
    if configured.contains(where: { $0.key == key }) {
      throw APIError(400, "this key comes from the search keys file; edit the file to change it")
    }
  }

  /// Applies `body` to the state and stores the result; nothing changes when either fails.
  private func change<T>(_ body: (inout State) throws(APIError) -> T) throws(APIError) -> T {
    try state.withLock { state throws(APIError) in
      var next = state
      let result = try body(&next)
      if let path {
        let document = JSON.object([
          "keys": .array(next.made.values.sorted { $0.key < $1.key }.map(\.storedJSON)),
          "deleted": .array(next.deleted.values.sorted { $0.key < $1.key }.map(\.storedJSON)),
        ])
        do {
          try SmallFile.replace(path, with: Array(document.description.utf8))
        } catch {
          throw APIError(500, "\(error)")
        }
      }
      state = next
      return result
    }
  }
}

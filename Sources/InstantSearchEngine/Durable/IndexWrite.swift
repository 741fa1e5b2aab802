import Foundation
import InstantSearchModel

/// One write of an index, as a ``DurableIndex``'s write-ahead log holds it: compact JSON, so a log stays
/// readable with any tool and independent of the in-memory encoding of records.
public enum IndexWrite: Hashable, Sendable {
  /// Adds records, replacing those with the same `objectID`.
  case save([[String: JSON]])
  /// Sets some attributes of one record (creating it when missing if `createIfNotExists`).
  case partialUpdate(objectID: String, attributes: [String: JSON], createIfNotExists: Bool)
  /// Deletes records by `objectID`.
  case delete([String])
  /// Deletes every record.
  case clear
  /// Replaces the settings.
  case settings(IndexSettings)
  /// Replaces the settings of the primary's replica `replica` (declared in the primary's `replicas`).
  case replicaSettings(replica: String, settings: IndexSettings)

  /// The write as log bytes (UTF-8 JSON, such as `{"objectIDs":["1"],"op":"delete"}`).
  public var payload: [UInt8] {
    let object: JSON
    switch self {
    case .save(let records): object = ["op": "save", "records": .array(records.map(JSON.object))]
    case .partialUpdate(let objectID, let attributes, let create):
      object = [
        "op": "partialUpdate", "objectID": .string(objectID), "attributes": .object(attributes),
        "createIfNotExists": .bool(create),
      ]
    case .delete(let ids): object = ["op": "delete", "objectIDs": .array(ids.map(JSON.string))]
    case .clear: object = ["op": "clear"]
    case .settings(let settings): object = ["op": "settings", "settings": .object(settings.storedJSONObject)]
    case .replicaSettings(let replica, let settings):
      object = ["op": "replicaSettings", "replica": .string(replica), "settings": .object(settings.storedJSONObject)]
    }
    var bytes: [UInt8] = []
    object.appendText(to: &bytes)
    return bytes
  }

  /// Reads a write from log bytes; `path` names the file in errors.
  public init(payload: [UInt8], path: String) throws(DurableError) {
    // Parsed straight from the bytes (``JSON/init(parsing:)``), as the manifest is: replaying a log reads
    // every write in it, and Foundation's decoder first copied each into a `Data`. A record may nest as
    // deep as a JSON document (``checkNesting(_:)``): the levels the write wraps around it are allowed too.
    let json: JSON
    do {
      json = try JSON(parsing: payload, maximumDepth: JSON.maximumDepth + Self.loggedWrapping)
    } catch {
      throw .corrupt(path: path, reason: "a logged write is not JSON: \(error)")
    }
    func bad(_ what: String) -> DurableError { .corrupt(path: path, reason: "a logged write has \(what)") }
    guard case .object(let object) = json, case .string(let op)? = object["op"] else { throw bad("no operation") }
    switch op {
    case "save":
      guard case .array(let records)? = object["records"] else { throw bad("no records") }
      var objects: [[String: JSON]] = []
      for record in records {
        guard case .object(let fields) = record else { throw bad("a record that is not an object") }
        objects.append(fields)
      }
      self = .save(objects)
    case "partialUpdate":
      guard case .string(let id)? = object["objectID"], case .object(let attributes)? = object["attributes"],
        case .bool(let create)? = object["createIfNotExists"]
      else { throw bad("an incomplete partial update") }
      self = .partialUpdate(objectID: id, attributes: attributes, createIfNotExists: create)
    case "delete":
      guard case .array(let ids)? = object["objectIDs"] else { throw bad("no objectIDs") }
      self = .delete(ids.compactMap(\.stringValue))
    case "clear":
      self = .clear
    case "settings", "replicaSettings":
      guard case .object(let settings)? = object["settings"] else { throw bad("no settings") }
      let decoded: IndexSettings
      do throws(EngineError) {
        decoded = try IndexSettings(json: settings, stored: true)
      } catch {
        throw bad("settings that do not read: \(error)")
      }
      if op == "settings" {
        self = .settings(decoded)
      } else {
        guard case .string(let replica)? = object["replica"] else { throw bad("replica settings without a replica") }
        self = .replicaSettings(replica: replica, settings: decoded)
      }
    default:
      throw bad("the unknown operation \"\(op)\"")
    }
  }

  /// Applies the write to `index` (in memory; a ``DurableIndex`` logs it first).
  public func apply(to index: LocalIndex) throws(EngineError) {
    switch self {
    case .save(let records): try index.saveRecords(records)
    case .partialUpdate(let id, let attributes, let create):
      index.partialUpdate(objectID: id, attributes: attributes, createIfNotExists: create)
    case .delete(let ids): index.deleteRecords(objectIDs: ids)
    case .clear: index.clear()
    case .settings(let settings): index.setSettings(settings)
    case .replicaSettings(let name, let settings):
      guard let replica = index.replica(named: name) else { throw .indexNotFound(name) }
      try replica.setSettings(settings)
    }
  }
}

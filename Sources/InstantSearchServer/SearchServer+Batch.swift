import Foundation
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// The writes of one index in a batch, in order, and the objectIDs its requests name.
  struct BatchGroup {
    let index: String
    var writes: [IndexWrite] = []
    var objectIDs: [String] = []
  }

  /// Reads a batch body, `{"requests": [{"action", "body", "indexName"?}]}`: Algolia's actions
  /// (`addObject`, `updateObject`, `partialUpdateObject`, `partialUpdateObjectNoCreate`, `deleteObject`,
  /// `clear`, `delete`), grouped by index in order of first appearance; consecutive saves become one write.
  static func batch(_ json: JSON?, defaultIndex: String?) throws(APIError) -> [BatchGroup] {
    guard case .array(let requests)? = json?.objectValue?["requests"] else {
      throw APIError(400, "\"requests\" must be an array")
    }
    var groups: [BatchGroup] = []
    for (position, request) in requests.enumerated() {
      let path = "requests[\(position)]"
      guard case .object(let fields) = request, let action = fields["action"]?.stringValue else {
        throw APIError(400, "\(path) needs a string action")
      }
      guard let index = fields["indexName"]?.stringValue ?? defaultIndex else {
        throw APIError(400, "\(path).indexName is missing")
      }
      var body = fields["body"]?.objectValue ?? [:]
      let write: IndexWrite
      var objectID = body["objectID"]?.stringValue
      switch action {
      case "addObject":
        objectID = objectID ?? UUID().uuidString.lowercased()
        body["objectID"] = objectID.map(JSON.string)
        write = .save([body])
      case "updateObject":
        guard objectID != nil else { throw APIError(400, "\(path): updateObject needs body.objectID") }
        write = .save([body])
      case "partialUpdateObject", "partialUpdateObjectNoCreate":
        guard let id = objectID else { throw APIError(400, "\(path): \(action) needs body.objectID") }
        body["objectID"] = nil
        write = .partialUpdate(objectID: id, attributes: body, createIfNotExists: action == "partialUpdateObject")
      case "deleteObject":
        guard let id = objectID else { throw APIError(400, "\(path): deleteObject needs body.objectID") }
        write = .delete([id])
      case "clear", "delete":
        write = .clear
      default:
        throw APIError(400, "\(path): unknown action \"\(action)\"")
      }
      var group = groups.firstIndex { $0.index == index }
      if group == nil {
        groups.append(BatchGroup(index: index))
        group = groups.count - 1
      }
      guard let slot = group else { continue }
      if case .save(let records) = write, case .save(let previous)? = groups[slot].writes.last {
        groups[slot].writes[groups[slot].writes.count - 1] = .save(previous + records)
      } else {
        groups[slot].writes.append(write)
      }
      if let objectID { groups[slot].objectIDs.append(objectID) }
    }
    return groups
  }
}

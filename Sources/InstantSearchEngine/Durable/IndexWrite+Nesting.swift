import InstantSearchModel

extension IndexWrite {
  /// The levels a logged write's text wraps around what it holds: a saved record sits two levels inside it
  /// (`{"op": "save", "records": [record]}`), a partial update's attributes and settings one. The log reads
  /// its writes back allowing that many levels more than a JSON document (``JSON/maximumDepth``).
  static let loggedWrapping = 2

  /// Throws when one of `writes` holds a value nested deeper than a JSON document may be: a record, a
  /// partial update's attributes and settings are each held to what they could be as a request's body.
  /// Deeper, the log could not read the write back, and the index would not open again: a durable index
  /// checks this before it logs anything.
  ///
  /// - Throws: ``EngineError/invalidRecord(line:reason:)`` naming the record (1-based) or the partial
  ///   update, ``EngineError/invalidSettings(_:)`` for settings.
  static func checkNesting(_ writes: [IndexWrite]) throws(EngineError) {
    var scratch = NestingScratch()
    let most = JSON.maximumDepth - 1
    for write in writes {
      switch write {
      case .save(let records):
        for (index, record) in records.enumerated() {
          let depth = scratch.depth(of: .object(record))
          guard depth <= most else {
            throw .invalidRecord(
              line: index + 1, reason: "the record nests values \(depth) levels deep, more than the \(most) it may")
          }
        }
      case .partialUpdate(let objectID, let attributes, _):
        let depth = scratch.depth(of: .object(attributes))
        guard depth <= most else {
          throw .invalidRecord(
            line: nil,
            reason: "the partial update of \(objectID) nests values \(depth) levels deep, more than the \(most) it may")
        }
      case .settings(let settings), .replicaSettings(_, let settings):
        let depth = scratch.depth(of: .object(settings.storedJSONObject))
        guard depth <= most else {
          throw .invalidSettings("the settings nest values \(depth) levels deep, more than the \(most) they may")
        }
      case .delete, .clear:
        continue
      }
    }
  }
}

import Foundation
import InstantSearchCore
import InstantSearchEngine

/// A multi-query body, `{"requests":[{"indexName":…, …params}], "strategy":"none"}`.
struct RequestBody {
  let queries: [IndexedQuery]
  let strategy: MultipleQueriesStrategy

  /// Reads a body. `defaultIndex` names the index of a request without `indexName`.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` saying what is wrong and where: JSON that does not
  ///   parse (with the decoder's reason), more than ``SearchLimits/maximumQueriesPerRequest`` requests, an
  ///   `indexName` or `params` that is not a string, a parameter of the wrong type.
  init(json data: Data, defaultIndex: String?) throws(EngineError) {
    let object: [String: JSON]
    do {
      guard case .object(let members) = try JSONDecoder().decode(JSON.self, from: data) else {
        throw EngineError.invalidParameter("the body must be a JSON object with \"requests\"")
      }
      object = members
    } catch let error as EngineError {
      throw error
    } catch let error as DecodingError {
      throw .invalidParameter("the body is not valid JSON: \(ResponseDecodingError(error))")
    } catch {
      throw .invalidParameter("the body is not valid JSON: \(error)")
    }
    guard case .array(let requests)? = object["requests"] else {
      throw .invalidParameter("\"requests\" must be an array")
    }
    guard requests.count <= SearchLimits.maximumQueriesPerRequest else {
      throw .invalidParameter(
        "Too many queries in multi query request: \(requests.count) "
          + "(at most \(SearchLimits.maximumQueriesPerRequest))")
    }
    var queries: [IndexedQuery] = []
    for (index, request) in requests.enumerated() {
      guard case .object(var parameters) = request else {
        throw .invalidParameter("requests[\(index)] must be an object")
      }
      let name: String
      switch parameters.removeValue(forKey: "indexName") {
      case .string(let text)?: name = text
      case nil:
        guard let defaultIndex else { throw .invalidParameter("requests[\(index)].indexName is missing") }
        name = defaultIndex
      case let other?:
        throw .invalidParameter("requests[\(index)].indexName must be a string, found \(other.preview)")
      }
      parameters["type"] = nil
      do {
        queries.append(IndexedQuery(indexName: name, query: try Query(jsonObject: parameters)))
      } catch {
        throw .invalidParameter("requests[\(index)].\(error)")
      }
    }
    self.queries = queries
    switch object["strategy"] {
    case nil, .string("none")?: strategy = .none
    case .string("stopIfEnoughMatches")?: strategy = .stopIfEnoughMatches
    case let other?: throw .invalidParameter("strategy must be none or stopIfEnoughMatches, got \(other.preview)")
    }
  }
}

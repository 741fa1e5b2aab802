import Foundation
import InstantSearchModel

/// The body of Algolia's multiple-queries request, `{"requests":[{"indexName":…, …params}],
/// "strategy":"none"}`, read into the queries and strategy that ``LocalSearchClient/search(_:strategy:)``
/// answers: what `instantsearch search` and `bench` read from their input lines.
public struct MultipleQueriesRequest: Sendable {
  /// The requests, in order, each with the index it searches.
  public let queries: [IndexedQuery]
  /// `none` unless the body says `stopIfEnoughMatches`.
  public let strategy: MultipleQueriesStrategy

  /// Reads a body. `defaultIndex` names the index of a request without `indexName`; without one, such a
  /// request is an error.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` saying what is wrong and where: JSON that does not
  ///   parse (with the decoder's reason), more than ``SearchLimits/maximumQueriesPerRequest`` requests, an
  ///   `indexName` or `params` that is not a string, a parameter of the wrong type.
  public init(json data: Data, defaultIndex: String?) throws(EngineError) {
    let object: [String: JSON]
    do {
      guard case .object(let members) = try JSONDecoder().decodeBounded(JSON.self, from: data) else {
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

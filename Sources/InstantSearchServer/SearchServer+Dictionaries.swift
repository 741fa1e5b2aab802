import Foundation
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Algolia's Dictionaries API: custom stop words, plurals and compounds per language for the whole
  /// application (`batch`, `search`), the languages whose standard entries are off (`settings`), and the
  /// languages with dictionaries (`languages`).
  func addDictionaryRoutes(to router: Router<ServerContext>) {
    router.post(
      "/1/dictionaries/:dictionaryName/batch",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        let kind = try Self.dictionary(call.context)
        guard case .object(let body)? = call.json, case .array(let requests)? = body["requests"] else {
          throw APIError(400, "the body must be an object with a requests array")
        }
        let clear = body["clearExistingDictionaryEntries"]?.boolValue ?? false
        let task = try Self.writing { () throws(EngineError) in
          try store.changeDictionaries { contents throws(EngineError) in
            try contents.apply(kind, requests: requests, clearingExisting: clear)
          }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.post(
      "/1/dictionaries/:dictionaryName/search",
      use: handler(.acl("settings")) { [store] call throws(APIError) in
        let kind = try Self.dictionary(call.context)
        guard case .object(let body)? = call.json else { throw APIError(400, "the body must be a JSON object") }
        let page = try Self.bounded(body["page"], "page", default: 0, in: 0...1_000_000)
        let hitsPerPage = try Self.bounded(body["hitsPerPage"], "hitsPerPage", default: 20, in: 1...1_000)
        let answer = store.client.dictionaries.current.search(
          kind, query: body["query"]?.stringValue ?? "", language: body["language"]?.stringValue, page: page,
          hitsPerPage: hitsPerPage)
        return .json(answer)
      })
    router.get(
      "/1/dictionaries/:dictionaryName/settings",
      use: handler(.acl("settings")) { [store] call throws(APIError) in
        try Self.allDictionaries(call.context)
        return .json(store.client.dictionaries.current.settingsJSON)
      })
    router.put(
      "/1/dictionaries/:dictionaryName/settings",
      use: handler(.acl("editSettings")) { [store] call throws(APIError) in
        try Self.allDictionaries(call.context)
        guard let body = call.json else { throw APIError(400, "the body must be a JSON object") }
        let task = try Self.writing { () throws(EngineError) in
          try store.changeDictionaries { contents throws(EngineError) in try contents.setDisabledStandard(body) }
        }
        return .json(["updatedAt": Self.timestamp(), "taskID": .number(Double(task))])
      })
    router.get(
      "/1/dictionaries/:dictionaryName/languages",
      use: handler(.acl("settings")) { [store] call throws(APIError) in
        try Self.allDictionaries(call.context)
        return .json(store.client.dictionaries.current.languagesJSON)
      })
  }

  /// The dictionary a route names: `stopwords`, `plurals` or `compounds`.
  static func dictionary(_ context: ServerContext) throws(APIError) -> DictionaryEntry.Kind {
    let name = try parameter(context, "dictionaryName")
    guard let kind = DictionaryEntry.Kind(rawValue: name) else {
      throw APIError(400, "\(name) is not a dictionary: stopwords, plurals or compounds")
    }
    return kind
  }

  /// Checks that a route for all dictionaries is called as Algolia's is, with `*` in the dictionary's place
  /// (the router cannot hold a `*` segment beside the dictionary name's).
  static func allDictionaries(_ context: ServerContext) throws(APIError) {
    let name = try parameter(context, "dictionaryName")
    guard name == "*" || name == "%2A" else {
      throw APIError(404, "the dictionaries' settings and languages are at /1/dictionaries/*/, not under \(name)")
    }
  }

  /// An integer member of a request body within `range` (`fallback` when absent).
  static func bounded(_ value: JSON?, _ name: String, default fallback: Int, in range: ClosedRange<Int>)
    throws(APIError) -> Int
  {
    guard let value, value != .null else { return fallback }
    guard case .number(let number) = value, let integer = Int(exactly: number), range.contains(integer) else {
      throw APIError(400, "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
    }
    return integer
  }
}

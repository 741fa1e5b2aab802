import Foundation
import Hummingbird
import InstantSearchModel

extension SearchServer {
  /// The allowed sources (Algolia's Vault endpoints, admin key only): list, replace, append, delete.
  func addSourceRoutes(to router: Router<ServerContext>) {
    router.get(
      "/1/security/sources",
      use: handler(.admin) { [store] _ throws(APIError) in
        .json(.array(store.sources.map(\.json)))
      })
    router.put(
      "/1/security/sources",
      use: handler(.admin) { [store] call throws(APIError) in
        let sources = try IndexStore.sources(call.json ?? .null)
        try store.changeSources { $0 = sources }
        return .json(["updatedAt": Self.timestamp()])
      })
    router.post(
      "/1/security/sources/append",
      use: handler(.admin) { [store] call throws(APIError) in
        let source = try IndexStore.source(call.json ?? .null)
        try store.changeSources { sources throws(APIError) in
          // The same range twice is one entry: the new description replaces the old.
          sources.removeAll { $0.source == source.source }
          sources.append(source)
        }
        return .json(["createdAt": Self.timestamp()])
      })
    router.delete(
      "/1/security/sources/:source",
      use: handler(.admin) { [store] call throws(APIError) in
        let source = try Self.parameter(call.context, "source")
        try store.changeSources { sources throws(APIError) in
          guard sources.contains(where: { $0.source == source }) else {
            throw APIError(404, "Source \(source.prefix(64)) does not exist")
          }
          sources.removeAll { $0.source == source }
        }
        return .json(["deletedAt": Self.timestamp()])
      })
  }
}

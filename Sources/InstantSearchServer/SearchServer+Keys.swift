import Foundation
import Hummingbird
import InstantSearchModel

extension SearchServer {
  /// API key management (`/1/keys`), with the admin key only, as Algolia answers it.
  func addKeyRoutes(to router: Router<ServerContext>) {
    router.get(
      "/1/keys",
      use: handler(.admin) { [keys] _ throws(APIError) in
        .json(["keys": .array(keys.all.map(\.json))])
      })
    router.post(
      "/1/keys",
      use: handler(.admin) { [keys] call throws(APIError) in
        let spec = try APIKeySpec(key: Self.newKey(), json: call.json, createdAt: Date())
        try keys.add(spec)
        return .json(["key": .string(spec.key), "createdAt": Self.timestamp(spec.createdAt)])
      })
    router.get(
      "/1/keys/:key",
      use: handler(.admin) { [keys] call throws(APIError) in
        let key = try Self.parameter(call.context, "key")
        guard let spec = keys.spec(for: key) else { throw APIError(404, "Key does not exist") }
        return .json(spec.json)
      })
    router.put(
      "/1/keys/:key",
      use: handler(.admin) { [keys] call throws(APIError) in
        let key = try Self.parameter(call.context, "key")
        try keys.update(try APIKeySpec(key: key, json: call.json, createdAt: Date()))
        return .json(["key": .string(key), "updatedAt": Self.timestamp()])
      })
    router.delete(
      "/1/keys/:key",
      use: handler(.admin) { [keys] call throws(APIError) in
        try keys.delete(try Self.parameter(call.context, "key"))
        return .json(["deletedAt": Self.timestamp()])
      })
    router.post(
      "/1/keys/:key/restore",
      use: handler(.admin) { [keys] call throws(APIError) in
        let spec = try keys.restore(try Self.parameter(call.context, "key"))
        return .json(["key": .string(spec.key), "createdAt": Self.timestamp(spec.createdAt)])
      })
  }

  /// 32 random hexadecimal digits, as Algolia's keys look.
  static func newKey() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }
}

import CompressNIO
import Foundation
import InstantSearchCore
import NIOCore
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("serve: gzip", .timeLimit(.minutes(1)))
struct CompressionTests {
  @Test("Gzipped request bodies are inflated; large answers go gzipped to clients that accept it")
  func gzip() async throws {
    try await RunningServer.with { server in
      let records = (0..<200).map { #"{"action":"addObject","body":{"objectID":"\#($0)","name":"item \#($0)"}}"# }
      var plain = ByteBuffer(string: #"{"requests":["# + records.joined(separator: ",") + "]}")
      let compressed = try plain.compress(with: ZlibAlgorithm.gzip)
      var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/1/indexes/items/batch")))
      request.httpMethod = "POST"
      request.setValue(RunningServer.adminKey, forHTTPHeaderField: "X-Algolia-API-Key")
      request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
      request.httpBody = Data(buffer: compressed)
      let (_, written) = try await URLSession.shared.data(for: request)
      #expect((written as? HTTPURLResponse)?.statusCode == 200)
      #expect(server.store.index(named: "items")?.recordCount == 200)

      var search = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/1/indexes/items/query")))
      search.httpMethod = "POST"
      search.setValue(RunningServer.adminKey, forHTTPHeaderField: "X-Algolia-API-Key")
      search.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
      search.httpBody = Data(#"{"query":"item","hitsPerPage":100}"#.utf8)
      let (data, answer) = try await URLSession.shared.data(for: search)
      let response = try #require(answer as? HTTPURLResponse)
      #expect(response.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
      // URLSession inflates what it asked gzipped.
      let json = try JSONDecoder().decode(JSON.self, from: data)
      #expect(json.objectValue?["hits"]?.arrayValue?.count == 100)

      var broken = request
      broken.httpBody = Data("not gzip".utf8)
      let (_, refused) = try await URLSession.shared.data(for: broken)
      #expect((refused as? HTTPURLResponse)?.statusCode == 400)
    }
  }
}

import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

#if os(Linux)
  /// Reading the parts of a segment image leaves the arrays it maps untouched: on Linux 6.18 a page of the
  /// page cache that a process touches brings in the whole folio around it (up to 2 MB), so one read of a
  /// mapped array's last number, made to check it at open, made the resident memory after open grow by
  /// megabytes. Pages are looked up in `/proc/self/pagemap` (whether each page of the mapping is present in
  /// this process), after the parts are read and their checks run — nothing else reads the mapping here.
  @Suite("Opening an image: the mapped arrays stay untouched")
  struct OpenTouchTests {
    /// Records with a multi-valued facet (its per-record starts are mapped), a coded number of many values,
    /// and text (its postings and bitsets deferred): 6,000 of them make each array larger than the ones read
    /// at open.
    static func snapshot() throws -> IndexSnapshot {
      var random = DifferentialTests.Generator(state: 83)
      let words = (0..<400).map { "word\($0)" }
      let records: [[String: JSON]] = (0..<6_000).map { doc in
        let tags = (0..<random.int(1..<4)).map { _ in JSON.string("tag\(random.int(0..<3_000))") }
        // "common" is in every record: a dense term (a bitset, not a posting list).
        let text = "common " + (0..<6).map { _ in words[random.int(0..<words.count)] }.joined(separator: " ")
        return [
          "objectID": .string("r\(doc)"), "tags": .array(tags), "price": .number(Double(random.int(0..<20_000)) / 100),
          "name": .string(text),
        ]
      }
      let settings: [String: JSON] = [
        "searchableAttributes": .array([.string("name")]),
        "attributesForFaceting": .array([.string("tags"), .string("price")]),
      ]
      return try Fixture.index(records, settings: settings).snapshot
    }

    /// How many pages of `mapping` this process has mapped in.
    static func presentPages(of mapping: MappedFile) throws -> Int {
      let bytes = try #require(mapping.buffer(at: 0, count: mapping.size, as: UInt8.self))
      let base = Int(bitPattern: bytes.baseAddress)
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let first = base / page
      let count = (base + mapping.size + page - 1) / page - first
      let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/pagemap"))
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(first * 8))
      let entries = try #require(try handle.read(upToCount: count * 8))
      return entries.withUnsafeBytes { raw in
        (0..<count).count { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) >> 63 == 1 }
      }
    }

    @Test("facet, numeric and text parts read back without a page of the mapping brought in")
    func partsLeaveMappingUntouched() throws {
      let snapshot = try Self.snapshot()
      let folder = try ScratchFolder()
      let path = folder.file("parts")
      var writer = try ImageWriter(path: path, magic: SnapshotImage.magic, version: SnapshotImage.version)
      let facets = ["price", "tags"].compactMap { snapshot.facets[$0] }
      for column in facets {
        try FacetImage.write(column, recordCount: snapshot.recordCount, lists: nil, to: &writer)
      }
      let numeric = try #require(snapshot.numerics["price"])
      try NumericImage.write(numeric, recordCount: snapshot.recordCount, to: &writer)
      try TextImage.write(snapshot.text, packed: true, to: &writer)
      _ = try writer.finish(.process)

      let mapping = try MappedFile(path: path)
      var reader = try ImageReader(
        path: path, magic: SnapshotImage.magic, version: SnapshotImage.version, kind: "a segment image")
      var read: [FacetColumn] = []
      for _ in facets { read.append(try FacetImage.read(&reader, recordCount: snapshot.recordCount, mapping: mapping)) }
      let readNumeric = try NumericImage.read(&reader, recordCount: snapshot.recordCount, mapping: mapping)
      reader.beginDeferring()
      let text = try TextImage.read(&reader, mapping: mapping)
      let deferred = reader.endDeferring()
      try reader.finish()
      #expect(!deferred.checks.isEmpty && !deferred.tests.isEmpty, "the text part defers its checks and tests")
      #expect(try Self.presentPages(of: mapping) == 0)

      // What was read is what was written, once read (which brings pages in).
      #expect(read.map(\.path) == ["price", "tags"] && readNumeric.path == "price")
      #expect(read[1].docStarts.count == snapshot.recordCount + 1 && read[1].docStarts.last == facets[1].docStarts.last)
      #expect(readNumeric.bucketSize == numeric.bucketSize)
      #expect(text.postings.keyCount == snapshot.text.postings.keyCount && !text.dense.isEmpty)
      #expect(try Self.presentPages(of: mapping) > 0, "the probe sees pages once they are read")
    }
  }
#endif

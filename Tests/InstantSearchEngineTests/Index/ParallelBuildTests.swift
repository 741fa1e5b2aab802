import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// A snapshot built from its parts on several threads (from ``SnapshotBuilder/parallelBuildThreshold``
/// records on, each facet column a part of its own) is the one built in turn.
@Suite("Building a snapshot's parts on several threads")
struct ParallelBuildTests {
  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "attributesForFaceting": ["a.b", "brand", "color", "size", "tags"],
  ]

  /// `count` records: a literal dotted key `a.b` in the even ones (three values), a nested `a` → `b` in the
  /// odd ones (five values): two trie nodes of one path, the dotted one made first.
  static func records(_ count: Int) -> [[String: JSON]] {
    (0..<count).map { doc in
      var record: [String: JSON] = [
        "objectID": .string("r\(doc)"), "name": .string("item \(doc % 97)"), "brand": .string("b\(doc % 13)"),
        "color": .string("c\(doc % 7)"), "size": .number(Double(doc % 5)),
        "tags": .array([.string("t\(doc % 3)"), .string("u\(doc % 11)")]),
      ]
      if doc % 2 == 0 {
        record["a.b"] = .string("x\(doc % 3)")
      } else {
        record["a"] = .object(["b": .string("y\(doc % 5)")])
      }
      return record
    }
  }

  /// A facet key as a response spells a value.
  static func spelled(_ value: JSON) -> String {
    switch value {
    case .string(let text): text
    case .number(let number): number == number.rounded() ? String(Int(number)) : String(number)
    default: ""
    }
  }

  @Test("every facet column as the single-thread build makes it; of two columns under one path, the later")
  func sameColumns() throws {
    let small = try #require(try Fixture.index(Self.records(400), settings: Self.settings).view.soleSnapshot)
    let count = SnapshotBuilder.parallelBuildThreshold + 100
    let large = try #require(try Fixture.index(Self.records(count), settings: Self.settings).view.soleSnapshot)
    #expect(Set(large.facets.keys) == Set(small.facets.keys))
    let expected = Self.records(count)
    for (path, column) in large.facets {
      let smallColumn = try #require(small.facets[path])
      #expect(Set(column.exactIDs.keys) == Set(smallColumn.exactIDs.keys), "\(path)")
      // Each value's count is the number of records holding it (a path read as a record spells it).
      for (key, id) in column.exactIDs where path != "a.b" {
        let holders = expected.filter { record in
          switch record[path] {
          case .array(let items): items.contains { Self.spelled($0) == key }
          case let value?: Self.spelled(value) == key
          case nil: false
          }
        }
        #expect(column.count(of: id) == holders.count, "\(path): \(key)")
      }
    }
    // The nested node was made after the dotted one: its column is kept, as a build in turn keeps it.
    let kept = try #require(large.facets["a.b"])
    #expect(Set(kept.exactIDs.keys) == ["y0", "y1", "y2", "y3", "y4"])
    for (key, id) in kept.exactIDs {
      let holders = expected.filter { $0["a"] == .object(["b": .string(key)]) }
      #expect(kept.count(of: id) == holders.count, "a.b: \(key)")
    }
  }
}

import Dispatch
import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// The rank permutation of a snapshot read from an image is made from its stored order after open (on
/// first use or on a background thread): the same ranks as the plain inverse, and an order that is not a
/// permutation is still refused at open.
@Suite("Rank permutations made after open")
struct RankPermutationTests {
  typealias Generator = DifferentialTests.Generator

  static func shuffled(_ count: Int, _ random: inout Generator) -> [UInt32] {
    var order = (0..<count).map { UInt32($0) }
    for index in order.indices.reversed() where index > 0 { order.swapAt(index, random.int(0..<(index + 1))) }
    return order
  }

  @Test("A permutation is told from a list with a repeat or a record out of range, in random trials")
  func permutations() {
    var random = Generator(state: 11)
    #expect(RankPermutation.isPermutation(Column([])))
    for trial in 0..<60 {
      let count = random.int(1..<3_000)
      var order = Self.shuffled(count, &random)
      #expect(RankPermutation.isPermutation(Column(order)), "trial \(trial)")
      let at = random.int(0..<count)
      if random.bool() {
        order[at] = order[(at + 1 + random.int(0..<count)) % count]
        #expect(RankPermutation.isPermutation(Column(order)) == (Set(order).count == count), "repeat, trial \(trial)")
      } else {
        order[at] = UInt32(count + random.int(0..<5))
        #expect(!RankPermutation.isPermutation(Column(order)), "out of range, trial \(trial)")
      }
    }
  }

  @Test("Ranks made on first use or ahead of it are the order's inverse")
  func inverse() {
    var random = Generator(state: 12)
    for trial in 0..<20 {
      let order = Self.shuffled(random.int(0..<5_000), &random)
      var expected = [UInt32](repeating: 0, count: order.count)
      for (position, doc) in order.enumerated() { expected[Int(doc)] = UInt32(position) }
      let onUse = RankPermutation(inverting: Column(order))
      #expect(Array(onUse.ranks) == expected, "on use, trial \(trial)")
      // Asked for by two threads at once (as a query does while the snapshot makes them ahead): one makes
      // them, the other waits, both read the same ranks.
      let ahead = RankPermutation(inverting: Column(order))
      let other = DispatchGroup()
      let seen = Locked<[UInt32]>([])
      DispatchQueue.global().async(group: other) { seen.withLock { $0 = Array(ahead.ranks) } }
      #expect(Array(ahead.ranks) == expected, "ahead, trial \(trial)")
      other.wait()
      #expect(seen.withLock { $0 } == expected, "the other thread, trial \(trial)")
      #expect(Array(RankPermutation(Column(expected)).ranks) == expected)
    }
  }

  @Test("Reopened, custom ranking orders hits as in memory; a ranking order with a repeat is refused at open")
  func reopened() throws {
    var random = Generator(state: 13)
    let records = (0..<400).map { number -> [String: JSON] in
      [
        "objectID": .string("r\(number)"), "name": .string("item \(number % 7)"),
        "brand": .string("b\(number % 5)"), "popularity": .number(Double(random.int(0..<50))),
      ]
    }
    let settings: [String: JSON] = [
      "searchableAttributes": ["name"], "attributesForFaceting": ["brand"], "customRanking": ["desc(popularity)"],
    ]
    let folder = try ScratchFolder()
    let path = folder.file("ranked")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let memory = try Fixture.index(records, settings: settings)
    let reopened = try DurableIndex(directory: path, name: "products").index
    for query in ["", "item 3", "item"] {
      for filters in ["", "brand:b2"] {
        let request = Fixture.query(query, filters: filters.isEmpty ? nil : filters) { $0.hitsPerPage = 30 }
        let expected = try memory.search(request).hits.map(\.objectID)
        #expect(try reopened.search(request).hits.map(\.objectID) == expected, "\(query) \(filters)")
      }
    }
    _ = try PackedListsImageTests.rewrite(array: "ranking.order", inIndexAt: path) { bytes, payload in
      for index in 0..<4 { bytes[payload + 4 + index] = bytes[payload + index] }
    }
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("an order with a repeat opened")
    } catch {
      #expect("\(error)".contains("the ranking order is not a permutation of the records"), "\(error)")
    }
  }
}

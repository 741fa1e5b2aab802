import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Writing a segment image plans the elision and strips the records in one walk
/// (``RecordElision/planStripping(for:twoThreadsFrom:)``): it must give exactly the plan and the bytes of
/// the two walks it replaces, wherever a candidate turns out not to qualify.
@Suite("Record elision planned and stripped in one walk")
struct RecordElisionStrippingTests {
  typealias Generator = DifferentialTests.Generator

  /// `records` with forms that rule an attribute out put at random places: before the first block is
  /// through, after it in either half, or in both halves at once (where the merge rules it out).
  static func spoiled(_ records: [[String: JSON]], random: inout Generator) -> [[String: JSON]] {
    var records = records
    for _ in 0..<random.int(0..<4) {
      let doc = random.int(0..<records.count)
      switch random.int(0..<6) {
      // A number where the others hold texts of the same facet value: one packed form cannot restore both.
      case 0: records[doc]["brand"] = 10
      case 1: records[doc]["flag"] = ["x": true]
      // A one-element array where the others hold a bare value.
      case 2: records[doc]["brand"] = ["Sony"]
      // A text where the numeric column holds numbers.
      case 3: records[doc]["price"] = "cheap"
      // A value the column lists once, twice in the record's array.
      case 4: records[doc]["_tags"] = ["new", "new"]
      default: records[doc]["meta"] = ["group": "g1", "other": ["group": "g2"]]
      }
    }
    return records
  }

  /// Expects the one walk to give what planning then stripping give.
  static func expectSame(_ snapshot: IndexSnapshot, twoThreadsFrom: Int, _ comment: Comment) {
    let plain = RecordElision.plan(for: snapshot, twoThreadsFrom: twoThreadsFrom)
    let fused = RecordElision.planStripping(for: snapshot, twoThreadsFrom: twoThreadsFrom)
    #expect(plain?.members.map(\.path) == fused?.elision.members.map(\.path), comment)
    for (one, two) in zip(plain?.members ?? [], fused?.elision.members ?? []) {
      #expect(one.parent == two.parent && one.key == two.key, comment)
      #expect(one.values.elementsEqual(two.values) && one.valueStarts.elementsEqual(two.valueStarts), comment)
    }
    guard let plain, let fused else { return }
    let stripped = ElisionImage.strip(snapshot.store, with: plain, twoThreadsFrom: twoThreadsFrom)
    // Compared apart from the expectation, which would print a thousand records' bytes when they differ.
    let sameBytes = stripped.arena == fused.arena && stripped.offsets == fused.offsets
    #expect(sameBytes, comment)
  }

  @Test("The same plan and bytes as planning then stripping, on one thread and on two")
  func sameAsTwoWalks() throws {
    var random = Generator(state: 0x5717)
    for round in 0..<24 {
      let count = 40 + random.int(0..<1_400)
      let records = Self.spoiled(
        RecordElisionTests.records(count: count, seed: UInt64(round) + 900), random: &random)
      let snapshot = try Fixture.index(records, settings: RecordElisionTests.settings).snapshot
      Self.expectSame(snapshot, twoThreadsFrom: .max, "round \(round), one thread")
      Self.expectSame(snapshot, twoThreadsFrom: 0, "round \(round), two halves")
    }
  }

  @Test("An attribute that is a value in some records and an object holding another in others")
  func candidateContainer() throws {
    var settings = RecordElisionTests.settings
    settings["attributesForFaceting"] = ["brand", "meta", "meta.group", "_tags"]
    var random = Generator(state: 0xC0)
    for round in 0..<6 {
      var records = RecordElisionTests.records(count: 300 + random.int(0..<300), seed: UInt64(round) + 40)
      // `meta` a text in some records, an object holding `meta.group` in others.
      for _ in 0..<3 { records[random.int(0..<records.count)]["meta"] = "plain" }
      let snapshot = try Fixture.index(records, settings: settings).snapshot
      Self.expectSame(snapshot, twoThreadsFrom: 0, "round \(round)")
    }
  }

  @Test("Records read back as saved from an image written with the one walk")
  func readBack() throws {
    let folder = try ScratchFolder()
    var random = Generator(state: 0xAB)
    let records = Self.spoiled(RecordElisionTests.records(count: 900, seed: 77), random: &random)
    let index = try RecordElisionTests.reopened(records, folder: folder)
    #expect(!RecordElisionTests.leftOut(index).isEmpty)
    RecordElisionTests.expectReadBack(records, from: index)
  }
}

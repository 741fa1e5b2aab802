import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Chinese, Japanese and Thai text cut into words at indexing and query time")
struct SegmentationTests {
  static let products: [[String: JSON]] = [
    ["objectID": "zh-earphones", "name": "无线蓝牙耳机", "brand": "华为"],
    ["objectID": "zh-phone", "name": "华为智能手机", "brand": "华为"],
    ["objectID": "zh-case", "name": "iPhone手机壳", "brand": "苹果"],
    ["objectID": "ja-earphones", "name": "ワイヤレスイヤホン", "brand": "ソニー"],
    ["objectID": "ja-weather", "name": "東京都の天気予報", "brand": "気象庁"],
    ["objectID": "th-earphones", "name": "หูฟังไร้สายบลูทูธ", "brand": "โซนี่"],
    ["objectID": "en", "name": "Wireless earphones", "brand": "Sony"],
  ]

  static func ids(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws
    -> [String]
  {
    try index.search(Fixture.query(text, configure)).hits.map(\.objectID)
  }

  @Test("A word in the middle of a run of Chinese finds its record; a run's parts in another order too")
  func chinese() throws {
    let index = try Fixture.index(Self.products)
    #expect(try Self.ids(index, "耳机") == ["zh-earphones"])
    #expect(try Self.ids(index, "蓝牙") == ["zh-earphones"])
    #expect(try Self.ids(index, "耳机 无线") == ["zh-earphones"])
    #expect(Set(try Self.ids(index, "手机")) == ["zh-phone", "zh-case"])
    #expect(try Self.ids(index, "华为手机") == ["zh-phone"])
    // Latin letters stuck to Chinese are a word of their own.
    #expect(try Self.ids(index, "iphone") == ["zh-case"])
    // A word no record holds finds nothing: the run is not one long word matched by its prefix only.
    #expect(try Self.ids(index, "电脑").isEmpty)
  }

  @Test("The last word of a query is a prefix of a Chinese word, as of any other word")
  func chinesePrefix() throws {
    let index = try Fixture.index(Self.products)
    #expect(try Self.ids(index, "无线蓝") == ["zh-earphones"])
    #expect(try Self.ids(index, "无线蓝") { $0.queryType = .prefixNone }.isEmpty)
  }

  @Test("Japanese and Thai words found inside their runs")
  func japaneseAndThai() throws {
    let index = try Fixture.index(Self.products)
    #expect(try Self.ids(index, "天気") == ["ja-weather"])
    #expect(try Self.ids(index, "東京") == ["ja-weather"])
    #expect(try Self.ids(index, "ไร้สาย") == ["th-earphones"])
    #expect(try Self.ids(index, "บลูทูธ") == ["th-earphones"])
  }

  @Test("Highlighting marks the matched words of a run, not the whole run; each word counts in _rankingInfo")
  func highlighting() throws {
    let index = try Fixture.index(Self.products)
    let response = try index.search(Fixture.query("蓝牙耳机") { $0.getRankingInfo = true })
    let hit = try #require(response.hits.first)
    // Each word is marked on its own, as words with a space between them are.
    #expect(hit.highlight(for: "name")?.value == "无线<em>蓝牙</em><em>耳机</em>")
    #expect(hit.object["_rankingInfo"]?.objectValue?["words"] == 2)
    let thai = try #require(try index.search(Fixture.query("ไร้สาย")).hits.first)
    #expect(thai.highlight(for: "name")?.value == "หูฟัง<em>ไร้</em><em>สาย</em>บลูทูธ")
  }

  @Test("Words of logograms and kana match without typos: one character off is another word")
  func noTyposOnLogograms() throws {
    let index = try Fixture.index(Self.products + [["objectID": "ja-long", "name": "コンピューツー"]])
    #expect(try Self.ids(index, "コンピューツー") == ["ja-long"])
    // テ and ツ differ in one byte of UTF-8, which a byte-wise edit distance would count as one typo.
    #expect(try Self.ids(index, "コンピューテー").isEmpty)
    #expect(try Self.ids(index, "wireles") == ["en"])
  }

  @Test("Synonyms and distinct work on segmented words")
  func synonymsAndDistinct() throws {
    let index = try Fixture.index(
      Self.products, settings: ["attributeForDistinct": "brand", "distinct": true])
    index.saveSynonyms([try Synonym(json: ["objectID": "s", "type": "synonym", "synonyms": ["耳机", "耳麦"]])])
    #expect(try Self.ids(index, "耳麦") == ["zh-earphones"])
    #expect(try Self.ids(index, "华为").count == 1)
    #expect(try Self.ids(index, "华为") { $0.distinct = 0 }.count == 2)
  }
}

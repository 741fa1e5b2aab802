import InstantSearchEngine
import InstantSearchModel

/// Generates hostile inputs for `instantsearch-fuzz`: valid seeds mutated byte by byte (flips, inserted
/// syntax, deletions, long repeats, deep nesting, truncation), deterministic for a seed.
struct FuzzInputs {
  /// What an input is fed to.
  enum Target: Int, CaseIterable, CustomStringConvertible {
    case filters, request, record, settings, queryGrammar, settingsGrammar

    var description: String {
      ["filters", "request", "record", "settings", "query grammar", "settings grammar"][rawValue]
    }
  }

  private var random: SplitMix64
  private var grammar: FuzzGrammar

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    grammar = FuzzGrammar(seed: seed ^ 0x5DEE_CE66_D1CE_4E5B)
  }

  private mutating func next() -> UInt64 { random.next() }

  /// A number in `0..<bound` (`bound` > 0).
  private mutating func below(_ bound: Int) -> Int { random.next(below: bound) }

  /// The next input for `target`.
  mutating func input(for target: Target) -> [UInt8] {
    switch target {
    case .queryGrammar: return Self.text(of: grammar.queryObject())
    case .settingsGrammar: return Self.text(of: grammar.settingsObject())
    default: break
    }
    let seeds = Self.seeds[target.rawValue]
    var bytes = Array(seeds[below(seeds.count)].utf8)
    for _ in 0..<(1 + below(4)) { mutate(&bytes) }
    return bytes
  }

  /// The compact JSON text of `object`, written as bytes (`JSON.description` builds a `String` a scalar at a
  /// time, which made writing the grammar's long values most of the fuzzer's time).
  private static func text(of object: [String: JSON]) -> [UInt8] {
    var bytes: [UInt8] = []
    JSON.object(object).appendText(to: &bytes)
    return bytes
  }

  private mutating func mutate(_ bytes: inout [UInt8]) {
    let position = bytes.isEmpty ? 0 : below(bytes.count + 1)
    switch below(100) {
    case 0..<25:
      if !bytes.isEmpty { bytes[below(bytes.count)] = UInt8(truncatingIfNeeded: next()) }
    case 25..<55:
      let token = Self.tokens[below(Self.tokens.count)]
      bytes.insert(contentsOf: token, at: position)
    case 55..<70:
      guard !bytes.isEmpty else { return }
      let start = below(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + 1 + below(16)))
    case 70..<82:
      guard !bytes.isEmpty else { return }
      let start = below(bytes.count)
      let piece = Array(bytes[start..<min(bytes.count, start + 1 + below(12))])
      let copies = below(10) == 0 ? 1 + below(20_000) : 1 + below(64)
      var repeated: [UInt8] = []
      repeated.reserveCapacity(piece.count * copies)
      for _ in 0..<copies { repeated += piece }
      bytes.insert(contentsOf: repeated, at: start)
    case 82..<92:
      let pairs: [(UInt8, UInt8)] = [(0x28, 0x29), (0x5B, 0x5D), (0x7B, 0x7D)]
      let (open, close) = pairs[below(pairs.count)]
      if below(20) == 0 {
        // The text ends, where a value starts, with `[`s up to around level 512: Foundation's JSON reader
        // trapped on text that ends at the bracket crossing its limit.
        let starts = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") || bytes[$0] == UInt8(ascii: "[") }
        let cut = starts.isEmpty ? position : starts[below(starts.count)] + 1
        let before = bytes[..<cut].reduce(0) { depth, byte in
          depth + (byte == 0x5B || byte == 0x7B ? 1 : byte == 0x5D || byte == 0x7D ? -1 : 0)
        }
        bytes.removeSubrange(cut..<bytes.count)
        bytes.append(contentsOf: repeatElement(0x5B, count: max(1, 510 - before + below(6))))
        return
      }
      let depth = below(20) == 0 ? 1 + below(200_000) : 1 + below(150)
      let end = position + below(bytes.count - position + 1)
      bytes.insert(contentsOf: repeatElement(close, count: below(3) == 0 ? 0 : depth), at: end)
      bytes.insert(contentsOf: repeatElement(open, count: depth), at: position)
    default:
      bytes.removeSubrange(position..<bytes.count)
    }
  }

  /// Syntax and values that reach edge cases.
  static let tokens: [[UInt8]] =
    [
      "(", ")", "[", "]", "{", "}", "\"", "'", "\\", "\\u", "\\ud800", "\\udc00", "\\u0000", ",", ":", " AND ",
      " OR ", "NOT ", " TO ", "<score=", ">", "<=", "!=", "-", "1e308", "-1e308", "99999999999999999999",
      "4.6e17", "-0", "NaN", "null", "true", "false", "\"page\":9223372036854775807", "\"hitsPerPage\":-1",
      "%", "%ZZ", "&page=", "=", "_tags", "objectID", ".", "\t", "\r", " ", "é", "👩‍👩‍👧", "\u{FFFF}",
      "无线蓝牙耳机", "資訊", "ワイヤレスﾃﾞﾝｷ", "หูฟังไร้สาย", "Kopfhörerkabel", "Smørrebrød", "\u{3099}",
      "\"decompoundQuery\":false", "\"naturalLanguages\":[\"de\"]", "\"queryLanguages\":[\"de\",\"zh\"]",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80], [0]]

  /// Valid inputs of each target, mutated from.
  static let seeds: [[String]] = [
    [
      #"brand:Sony AND (color:red OR color:blue) AND price > 10"#,
      #"NOT brand:"x y" AND _tags:t AND price:10 TO 20"#,
      #"brand:b1<score=3> OR brand:b2 AND rating >= 4 AND NOT rating = 1"#,
      #"categories.lvl0:"A > B" AND 'single quoted' AND "attr with space":'v\'x'"#,
      #"((brand:b1)) AND (price < 5 OR price > 500) AND free_shipping:true"#,
    ],
    [
      #"{"requests":[{"indexName":"fuzz","query":"phone case","filters":"brand:b1 AND price > 10","facets":["brand","rating"],"hitsPerPage":5}]}"#,
      #"{"requests":[{"indexName":"fuzz","params":"query=phon&page=1&hitsPerPage=3&facetFilters=%5B%5B%22brand%3Ab1%22%2C%22brand%3Ab2%22%5D%5D"}],"strategy":"stopIfEnoughMatches"}"#,
      #"{"requests":[{"indexName":"fuzz","query":"cse","typoTolerance":"min","numericFilters":["price>=10",["rating=4","rating=5"]],"tagFilters":"(t1,t2),t3","highlightPreTag":"<b>","highlightPostTag":"</b>","attributesToRetrieve":["name"],"maxValuesPerFacet":3,"sortFacetValuesBy":"alpha","page":0}]}"#,
      #"{"requests":[{"indexName":"fuzz","query":"","facets":"*","facetFilters":"brand:b2"},{"indexName":"fuzz","query":"phone","hitsPerPage":0,"facets":["brand"]}]}"#,
    ],
    [
      #"{"objectID":"1","name":"phone case","price":12.5,"tags":["a","b"],"nested":{"a":[1,{"b":null}],"c":true}}"#,
      #"{"objectID":12345678901234567890,"name":"\u00e9t\u00e9 \ud83d\ude00","brand":"b1","rating":4}"#,
      #"{"objectID":"x","description":"a long text with words","_tags":["t1"],"price":-0.0,"n":1e22}"#,
    ],
    [
      #"{"searchableAttributes":["name","unordered(description)"],"attributesForFaceting":["brand","searchable(tags)","filterOnly(price)"],"customRanking":["desc(rating)","asc(price)"]}"#,
      #"{"typoTolerance":"min","minWordSizefor1Typo":3,"minWordSizefor2Typos":7,"hitsPerPage":10,"paginationLimitedTo":100,"highlightPreTag":"<mark>","queryType":"prefixAll"}"#,
    ],
  ]
}

import InstantSearchCore

extension SampleCatalog {
  /// The index settings that suit the catalog: names and descriptions searchable, every attribute a
  /// filter can use declared for faceting, the most popular first.
  static let settings: JSON = [
    "searchableAttributes": ["name", "description", "brand"],
    "attributesForFaceting": [
      "brand", "color", "size", "categories.lvl0", "categories.lvl1", "categories.lvl2", "price", "rating",
      "free_shipping", "_tags",
    ],
    "customRanking": ["desc(popularity)"],
  ]

  /// Benchmark workloads for the catalog, as `instantsearch bench --workloads` reads them (one object a
  /// line): W1 filters and facets without a query, W2 the same with a disjunctive brand facet (two
  /// queries), W3 a prefix query with the filters, W4 a one-word query alone.
  func workloads(index: String) -> [JSON] {
    let top = brands.prefix(3).map { "brand:\"\($0)\"" }.joined(separator: " OR ")
    let filters = JSON.string("(\(top)) AND price:50 TO 500 AND free_shipping:true")
    let facets: JSON = ["brand", "color", "categories.lvl0", "price"]
    let filtered: JSON = [
      "indexName": .string(index), "query": "", "filters": filters, "facets": facets, "maxValuesPerFacet": 100,
      "hitsPerPage": 20,
    ]
    let disjunctive: JSON = [
      "indexName": .string(index), "query": "", "filters": "price:50 TO 500 AND free_shipping:true",
      "facets": ["brand"], "maxValuesPerFacet": 100, "hitsPerPage": 0,
    ]
    let prefix: JSON = [
      "indexName": .string(index), "query": "wireless head", "filters": filters, "facets": facets,
      "maxValuesPerFacet": 100, "hitsPerPage": 20, "typoTolerance": false,
    ]
    let word: JSON = ["indexName": .string(index), "query": "wireless", "hitsPerPage": 20]
    return [
      ["name": "W1", "requests": [filtered]], ["name": "W2", "requests": [filtered, disjunctive]],
      ["name": "W3", "requests": [prefix]], ["name": "W4", "requests": [word]],
    ]
  }

  /// The paths of the settings and workloads files beside the records file `records` (`catalog.jsonl` →
  /// `catalog.settings.json`, `catalog.workloads.jsonl`).
  static func companions(of records: String) -> (settings: String, workloads: String) {
    let base = records.hasSuffix(".jsonl") ? String(records.dropLast(6)) : records
    return (base + ".settings.json", base + ".workloads.jsonl")
  }
}

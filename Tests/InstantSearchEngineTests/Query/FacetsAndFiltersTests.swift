import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Facets, filters and pages", .timeLimit(.minutes(2)))
struct FacetsAndFiltersTests {
  static let records: [[String: JSON]] = [
    [
      "objectID": "1", "brand": "Sony", "size": 10, "price": 100, "inStock": true, "_tags": ["sale", "New"],
      "colors": ["red", "blue"], "meta": ["origin": "JP"], "rating": 4.5,
    ],
    [
      "objectID": "2", "brand": "sony", "size": 12, "price": 50.5, "inStock": false, "_tags": ["new"],
      "colors": ["red"], "meta": ["origin": "CN"],
    ],
    [
      "objectID": "3", "brand": "LG", "size": 10, "price": 300, "inStock": true, "_tags": [], "colors": [],
      "meta": ["origin": "KR"], "rating": 3,
    ],
    ["objectID": "4", "brand": "Apple", "price": 999, "colors": ["silver"]],
  ]
  static let settings: [String: JSON] = [
    "attributesForFaceting": [
      "size", "price", "inStock", "colors", "meta.origin", "filterOnly(rating)",
      "searchable(brand)",
    ]
  ]

  static func index() throws -> LocalIndex { try Fixture.index(records, settings: settings) }

  static func hits(_ filters: String) throws -> [String] {
    Fixture.ids(try index().search(Fixture.query(filters: filters)))
  }

  @Test("Facet values compare case-insensitively; attributes and tags case-sensitively")
  func caseRules() throws {
    #expect(try Self.hits("brand:SONY") == ["1", "2"])
    #expect(try Self.hits("Brand:Sony") == [])
    #expect(try Self.hits("_tags:new") == ["2"])
    #expect(try Self.hits("new") == ["2"])
    #expect(try Self.hits("_tags:New") == ["1"])
  }

  @Test("Arrays match on any element; nested paths; booleans; numbers as facets")
  func shapes() throws {
    #expect(try Self.hits("colors:blue") == ["1"])
    #expect(try Self.hits("meta.origin:KR") == ["3"])
    #expect(try Self.hits("inStock:true") == ["1", "3"])
    #expect(try Self.hits("size:10") == ["1", "3"])
    #expect(try Self.hits(#"size:"10""#) == ["1", "3"])
  }

  @Test("Numeric filters on any numeric attribute, filterOnly included; ranges inclusive")
  func numeric() throws {
    #expect(try Self.hits("price > 99.5") == ["1", "3", "4"])
    #expect(try Self.hits("price:50.5 TO 100") == ["1", "2"])
    #expect(try Self.hits("rating >= 4") == ["1"])
    #expect(try Self.hits("rating != 3") == ["1", "2", "4"])
    #expect(try Self.hits("NOT price:50.5 TO 100") == ["3", "4"])
  }

  @Test("NOT keeps records without the attribute; undeclared facets match nothing, except objectID (Algolia's)")
  func negationAndUndeclared() throws {
    #expect(try Self.hits("NOT inStock:true") == ["2", "4"])
    #expect(try Self.hits("meta:JP") == [])
    #expect(try Self.hits("NOT meta:JP") == ["1", "2", "3", "4"])
    // objectID needs no declaration: Algolia treats it as a filter-only facet (see ObjectIDFilterTests).
    #expect(try Self.hits("objectID:1") == ["1"])
    #expect(try Self.hits("NOT objectID:1") == ["2", "3", "4"])
    #expect(try Self.hits("(brand:LG OR brand:Apple) AND NOT colors:silver") == ["3"])
  }

  @Test("Legacy arrays: facetFilters with - and \\-, numericFilters, tagFilters")
  func legacy() throws {
    let index = try Self.index()
    var query = Query()
    query.facetFilters = [["brand:LG", "brand:Apple"], ["colors:-silver"]]
    query.numericFilters = [["price>=100"]]
    query.tagFilters = [["-sale"]]
    #expect(Fixture.ids(try index.search(query)) == ["3"])
    try index.saveRecords([["objectID": "5", "brand": "-80C"]])
    var escaped = Query()
    escaped.facetFilters = [[#"brand:\-80C"#]]
    #expect(Fixture.ids(try index.search(escaped)) == ["5"])
  }

  @Test("Facet counts: keys as Algolia spells them, ordering, truncation, alpha, stats; filterOnly never counted")
  func counts() throws {
    let index = try Self.index()
    var query = Query()
    query.facets = ["*"]
    let response = try index.search(query)
    #expect(response.facets["brand"] == ["Sony": 1, "sony": 1, "LG": 1, "Apple": 1])
    #expect(response.facets["size"] == ["10": 2, "12": 1])
    #expect(response.facets["inStock"] == ["true": 2, "false": 1])
    #expect(response.facets["price"] == ["100": 1, "50.5": 1, "300": 1, "999": 1])
    #expect(response.facets["rating"] == nil)
    #expect(response.facetsStats["price"] == FacetStats(min: 50.5, max: 999, avg: 362.375, sum: 1449.5))
    #expect(response.facets(for: "colors").map(\.value) == ["red", "blue", "silver"])

    var truncated = Query()
    truncated.facets = ["colors", "undeclared"]
    truncated.maxValuesPerFacet = 2
    #expect(try index.search(truncated).facets == ["colors": ["red": 2, "blue": 1]])
    truncated.sortFacetValuesBy = .alpha
    #expect(try index.search(truncated).facets == ["colors": ["blue": 1, "red": 2]])
    var filtered = Query()
    filtered.facets = ["brand"]
    filtered.filters = "size:10"
    #expect(try index.search(filtered).facets == ["brand": ["Sony": 1, "LG": 1]])
  }

  @Test("Pages: nbHits, nbPages, the limit; attributesToRetrieve keeps objectID")
  func pages() throws {
    let records: [[String: JSON]] = (0..<25).map { ["objectID": .string("\($0)"), "n": .number(Double($0)), "s": "x"] }
    let index = try Fixture.index(records, settings: ["paginationLimitedTo": 22])
    var query = Query()
    query.hitsPerPage = 10
    query.page = 2
    query.attributesToRetrieve = ["n"]
    let response = try index.search(query)
    #expect(response.nbHits == 25)
    #expect(response.nbPages == 3)
    #expect(response.hits.map(\.objectID) == ["20", "21"])
    #expect(response.hits[0].object.keys.sorted() == ["_highlightResult", "n", "objectID"])
    query.page = 3
    #expect(try index.search(query).hits.isEmpty)
    query.hitsPerPage = 0
    #expect(try index.search(query).nbPages == 0)
  }

  @Test("Search for facet values: searchable facets only, honouring filters, highlighted")
  func facetValueSearch() throws {
    let index = try Self.index()
    let response = try index.searchForFacetValues(
      attribute: "brand", facetQuery: "so", query: Fixture.query(filters: "size:10"))
    #expect(response.facetHits == [Facet(value: "Sony", count: 1, highlighted: "<em>So</em>ny")])
    #expect(try index.searchForFacetValues(attribute: "brand", facetQuery: "").facetHits.count == 4)
    #expect(throws: EngineError.facetNotSearchable("colors")) {
      try index.searchForFacetValues(attribute: "colors", facetQuery: "r")
    }
  }

  @Test("Errors with Algolia's messages")
  func errors() async throws {
    let client = LocalSearchClient(indices: [try Self.index()])
    await #expect(throws: EngineError.indexNotFound("products_v2")) {
      try await client.search(indexName: "products_v2", query: Query())
    }
    #expect(EngineError.indexNotFound("products").description == "Index products does not exist")
    do {
      _ = try await client.search(indexName: "products", query: Fixture.query(filters: "brand:sony)"))
      Issue.record("expected an error")
    } catch let error as EngineError {
      #expect(error.description == "filters: Unexpected token ')' expected end of filter at col 11")
      #expect(error.status == 400)
    }
    // As Algolia answers (its own words for a negative value, quoted in meilisearch-js-plugins' tests; a
    // larger value read as 1,000, as reported in algolia/hn-search#125 and algoliasearch-rails#445).
    var query = Query()
    query.hitsPerPage = -1
    await #expect(
      throws: EngineError.invalidParameter(
        #"Value too small for "hitsPerPage" parameter, expected integer between 0 and 9223372036854775807"#)
    ) {
      try await client.search(indexName: "products", query: query)
    }
    query.hitsPerPage = 5000
    let capped = try await client.search(indexName: "products", query: query)
    #expect(capped.hitsPerPage == 1000 && capped.hits.count == capped.nbHits)
  }

  @Test("A page past paginationLimitedTo has no hits and Algolia's notice; one within it has no notice")
  func pastPaginationLimit() throws {
    let index = LocalIndex(name: "p", settings: try IndexSettings(json: ["paginationLimitedTo": 10]))
    try index.saveRecords((0..<25).map { ["objectID": .string("\($0)"), "name": "shirt"] })
    var query = Query("shirt")
    query.hitsPerPage = 5
    query.page = 2
    let past = try index.search(query)
    #expect(past.hits.isEmpty && past.nbHits == 25 && past.nbPages == 2)
    #expect(past.message?.hasPrefix("you can only fetch the 10 hits for this query.") == true)
    query.page = 1
    let within = try index.search(query)
    #expect(within.hits.count == 5 && within.message == nil)
    query.offset = 12
    query.length = 3
    #expect(try index.search(query).message != nil)
    let few = LocalIndex(name: "q", settings: try IndexSettings(json: ["paginationLimitedTo": 10]))
    try few.saveRecords((0..<8).map { ["objectID": .string("\($0)"), "name": "shirt"] })
    query = Query("shirt")
    query.page = 3
    // Past the matches but not past the limit's cut: an empty page, no notice.
    #expect(try few.search(query).message == nil)
  }

  @Test("Multi-query answers each query in order")
  func multiQuery() async throws {
    let client = LocalSearchClient(indices: [try Self.index()])
    let responses = try await client.search(
      [
        IndexedQuery(indexName: "products", query: Fixture.query(filters: "brand:LG")),
        IndexedQuery(indexName: "products", query: Fixture.query("apple")),
      ],
      strategy: .none)
    #expect(responses.map(\.nbHits) == [1, 1])
    #expect(responses.map(\.index) == ["products", "products"])
  }
}

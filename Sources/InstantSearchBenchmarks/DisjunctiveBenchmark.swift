import InstantSearchCore

/// The disjunctive-faceting benchmark: a state with 10 OR groups of 20 facet values each. Measures
/// building the request set (1 main + 10 auxiliary queries, each with its own filters string) and merging
/// the 11 responses (each with counts for 10 attributes × 50 values).
struct DisjunctiveBenchmark {
  let quick: Bool

  static func filters() -> Filters {
    var filters = Filters()
    for group in 0..<10 {
      let attribute = Attribute("attribute_\(group)")
      for value in 0..<20 {
        filters.add(
          Filter.Facet(attribute: attribute, stringValue: "value \(value)"),
          to: .or(name: "group_\(group)", filterType: .facet))
      }
    }
    return filters
  }

  static func responses(count: Int) -> [SearchResponse] {
    var facets: [String: [String: Int]] = [:]
    for group in 0..<10 {
      var counts: [String: Int] = [:]
      for value in 0..<50 { counts["value \(value)"] = 1000 - value }
      facets["attribute_\(group)"] = counts
    }
    return (0..<count).map { index in
      SearchResponse(hits: [], nbHits: 1000 + index, processingTimeMS: 1, facets: facets, exhaustiveFacetsCount: true)
    }
  }

  func run() {
    let filters = Self.filters()
    var query = Query("phone")
    query.facets = (0..<10).map { "attribute_\($0)" }
    let rounds = quick ? 200 : 2_000
    print("Disjunctive faceting benchmark: 10 OR groups × 20 values (\(filters.count) filters)")

    var build = Measurement(name: "build request set (11 queries)")
    var plan = SearchPlan(indexName: "products", query: query, filters: filters)
    for _ in 0..<rounds {
      build.time { plan = SearchPlan(indexName: "products", query: query, filters: filters) }
    }
    let responses = Self.responses(count: plan.queries.count)
    var merge = Measurement(name: "merge 11 responses")
    var merged: SearchResponse?
    for _ in 0..<rounds {
      merge.time { merged = try? plan.merge(responses) }
    }
    print("queries: \(plan.queries.count), merged facet attributes: \(merged?.facets.count ?? 0)")
    print(build.row())
    print(merge.row())
  }
}

import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@Suite("serve: the Analytics API over the searches answered and the events received")
struct AnalyticsEndpointTests {
  /// Searches and events on index `p`: three tracked `shirt` searches (tagged `mobile`, one filtered on
  /// brand A), one `hat` search without results filtered on brand B, one search without analytics; two
  /// clicks (positions 2 and 5) and a purchase of 10.5 EUR after the first two shirt searches.
  static func scenario(_ server: RunningServer) async throws {
    let records = (1...5).map {
      #"{"action":"addObject","body":{"objectID":"\#($0)","name":"shirt \#($0)","brand":"A"}}"#
    }
    _ = try await server.call("POST", "/1/indexes/p/batch", #"{"requests":["# + records.joined(separator: ",") + "]}")
    _ = try await server.call("PUT", "/1/indexes/p/settings", #"{"attributesForFaceting":["brand"]}"#)
    var queryIDs: [String] = []
    for (number, extra) in ["", "", #","facetFilters":["brand:A"]"#].enumerated() {
      let body =
        #"{"query":"shirt","clickAnalytics":true,"analyticsTags":["mobile"],"userToken":"u\#(number % 2)""# + extra
        + "}"
      let answer = try await server.call("POST", "/1/indexes/p/query", body)
      queryIDs.append(try #require(answer.json["queryID"]?.stringValue, "\(answer.json)"))
    }
    _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":"hat","filters":"brand:B","userToken":"u2"}"#)
    _ = try await server.call("POST", "/1/indexes/p/query", #"{"query":"Shirt ","analytics":false}"#)
    let events: [JSON] = [
      [
        "eventType": "click", "eventName": "c", "index": "p", "userToken": "u0", "objectIDs": ["2"], "positions": [2],
        "queryID": .string(queryIDs[0]),
      ],
      [
        "eventType": "click", "eventName": "c", "index": "p", "userToken": "u1", "objectIDs": ["5"], "positions": [5],
        "queryID": .string(queryIDs[1]),
      ],
      [
        "eventType": "conversion", "eventSubtype": "purchase", "eventName": "b", "index": "p", "userToken": "u0",
        "objectIDs": ["2"], "queryID": .string(queryIDs[0]), "value": 10.5, "currency": "EUR",
      ],
    ]
    let sent = try await server.call("POST", "/1/events", JSON.object(["events": .array(events)]).description)
    #expect(sent.status == 200, "\(sent.json)")
  }

  @Test("Top searches, searches without results or clicks, counts and rates")
  func searches() async throws {
    try await RunningServer.with { server in
      try await Self.scenario(server)
      let top = try await server.call("GET", "/2/searches?index=p")
      #expect(
        top.json == [
          "searches": [["search": "shirt", "count": 3, "nbHits": 5], ["search": "hat", "count": 1, "nbHits": 0]]
        ],
        "\(top.json)")
      let clicked = try await server.call("GET", "/2/searches?index=p&clickAnalytics=true&limit=1")
      let shirt = try #require(clicked.json["searches"]?.arrayValue?.first)
      #expect(shirt["trackedSearchCount"] == 3 && shirt["clickCount"] == 2 && shirt["conversionCount"] == 1, "\(shirt)")
      #expect(
        shirt["clickThroughRate"] == 0.667 && shirt["conversionRate"] == 0.333 && shirt["averageClickPosition"] == 3.5)
      #expect(try await server.call("GET", "/2/searches/count?index=p").json["count"] == 4)
      let noResults = try await server.call("GET", "/2/searches/noResults?index=p")
      #expect(
        noResults.json == ["searches": [["search": "hat", "count": 1, "withFilterCount": 1]]], "\(noResults.json)")
      let noResultRate = try await server.call("GET", "/2/searches/noResultRate?index=p")
      #expect(noResultRate.json["rate"] == 0.25 && noResultRate.json["noResultCount"] == 1, "\(noResultRate.json)")
      #expect(noResultRate.json["dates"]?.arrayValue?.count == 8, "the last 8 days by default")
      let noClicks = try await server.call("GET", "/2/searches/noClicks?index=p")
      #expect(noClicks.json == ["searches": [["search": "shirt", "count": 1, "nbHits": 5]]], "\(noClicks.json)")
      let noClickRate = try await server.call("GET", "/2/searches/noClickRate?index=p")
      #expect(
        noClickRate.json["rate"] == 0.333 && noClickRate.json["count"] == 3 && noClickRate.json["noClickCount"] == 1,
        "\(noClickRate.json)")
      let tagged = try await server.call("GET", "/2/searches/count?index=p&tags=mobile")
      #expect(tagged.json["count"] == 3)
      #expect(try await server.call("GET", "/2/searches/count?index=p&tags=desktop%20OR%20mobile").json["count"] == 3)
      #expect(try await server.call("GET", "/2/users/count?index=p").json["count"] == 3)
    }
  }

  @Test("Click-through, conversion, purchase and add-to-cart rates, click positions and revenue")
  func rates() async throws {
    try await RunningServer.with { server in
      try await Self.scenario(server)
      let ctr = try await server.call("GET", "/2/clicks/clickThroughRate?index=p")
      #expect(
        ctr.json["rate"] == 0.667 && ctr.json["clickCount"] == 2 && ctr.json["trackedSearchCount"] == 3, "\(ctr.json)")
      let average = try await server.call("GET", "/2/clicks/averageClickPosition?index=p")
      #expect(average.json["average"] == 3.5 && average.json["clickCount"] == 2, "\(average.json)")
      let positions = try await server.call("GET", "/2/clicks/positions?index=p")
      let buckets = positions.json["positions"]?.arrayValue ?? []
      #expect(buckets.count == 12 && buckets[1] == ["position": [2, 2], "clickCount": 1], "\(positions.json)")
      let conversion = try await server.call("GET", "/2/conversions/conversionRate?index=p")
      #expect(conversion.json["rate"] == 0.333 && conversion.json["conversionCount"] == 1, "\(conversion.json)")
      #expect(try await server.call("GET", "/2/conversions/purchaseRate?index=p").json["purchaseCount"] == 1)
      let cart = try await server.call("GET", "/2/conversions/addToCartRate?index=p")
      #expect(cart.json["rate"] == 0 && cart.json["addToCartCount"] == 0, "\(cart.json)")
      let revenue = try await server.call("GET", "/2/conversions/revenue?index=p")
      #expect(revenue.json["currencies"] == ["EUR": ["currency": "EUR", "revenue": 10.5]], "\(revenue.json)")
      let empty = try await server.call("GET", "/2/clicks/clickThroughRate?index=other")
      #expect(empty.json["rate"] == .null && empty.json["trackedSearchCount"] == 0, "no tracked search: a null rate")
    }
  }

  @Test("Top hits and filters, with and without a search")
  func hitsAndFilters() async throws {
    try await RunningServer.with { server in
      try await Self.scenario(server)
      let hits = try await server.call("GET", "/2/hits?index=p&clickAnalytics=true&limit=2")
      let rows = hits.json["hits"]?.arrayValue ?? []
      #expect(rows.count == 2 && rows.allSatisfy { $0["count"] == 3 }, "\(hits.json)")
      let second = try await server.call("GET", "/2/hits?index=p&clickAnalytics=true&search=shirt&limit=5")
      let clickedHit = second.json["hits"]?.arrayValue?.first { $0["hit"] == "2" }
      #expect(clickedHit?["clickCount"] == 1 && clickedHit?["trackedHitCount"] == 3, "\(second.json)")
      #expect(
        try await server.call("GET", "/2/filters?index=p").json == ["attributes": [["attribute": "brand", "count": 2]]])
      let values = try await server.call("GET", "/2/filters/brand?index=p")
      #expect(
        values.json == [
          "values": [
            ["attribute": "brand", "operator": ":", "value": "A", "count": 1],
            ["attribute": "brand", "operator": ":", "value": "B", "count": 1],
          ]
        ], "\(values.json)")
      let noResults = try await server.call("GET", "/2/filters/noResults?index=p")
      #expect(
        noResults.json == [
          "values": [["count": 1, "values": [["attribute": "brand", "operator": ":", "value": "B"]]]]
        ],
        "\(noResults.json)")
    }
  }

  @Test("Windows, parameters and keys: dates checked, the index required, the analytics ACL needed")
  func parameters() async throws {
    try await RunningServer.with { server in
      try await Self.scenario(server)
      #expect(
        try await server.call("GET", "/2/searches/count?index=p&startDate=2030-01-01&endDate=2030-01-02").json["count"]
          == 0)
      for bad in [
        "index=p&startDate=2024-13-01", "index=p&startDate=2024-02-30",
        "index=p&startDate=2024-03-01&endDate=2024-02-01",
        "", "index=p&limit=0", "index=p&clickAnalytics=yes", "index=p&orderBy=clickThroughRate",
        "index=p&revenueAnalytics=true",
      ] {
        let answer = try await server.call("GET", "/2/searches?\(bad)")
        #expect(answer.status == 400, "\(bad): \(answer.json)")
      }
      #expect(try await server.call("GET", "/2/searches?index=p", key: RunningServer.searchKey).status == 403)
      #expect(try await server.call("GET", "/2/status").json["updatedAt"] != nil)
      let countries = try await server.call("GET", "/2/countries?index=p")
      #expect(countries.status == 404 && countries.json["message"] != nil)
    }
  }
}

import Foundation
import Hummingbird
import InstantSearchModel

extension SearchServer {
  /// Algolia's Analytics API (v2), over the searches this server answered and the Insights events it was
  /// sent (a key with the `analytics` ACL). Not served: `/2/countries` (no IP geolocation here) and the
  /// `/3/patterns` API, answered with a JSON 404.
  func addAnalyticsRoutes(to router: Router<ServerContext>) {
    let routes: [(String, @Sendable (AnalyticsReport, (String) -> String?) throws(APIError) -> JSON)] = [
      (
        "/2/searches",
        { report, parameters throws(APIError) in
          guard parameters("revenueAnalytics") != "true" else {
            throw APIError(400, "revenueAnalytics: revenue per search is not served; use /2/conversions/revenue")
          }
          return try report.topSearches(
            clickAnalytics: try Self.flag(parameters("clickAnalytics"), "clickAnalytics"),
            orderBy: parameters("orderBy") ?? "searchCount", ascending: try Self.ascending(parameters("direction")))
        }
      ),
      ("/2/searches/count", { report, _ in report.counted(\.count) }),
      ("/2/searches/noResults", { report, _ in report.searchesWithoutResults() }),
      (
        "/2/searches/noResultRate",
        { report, _ in
          report.rated(
            whole: { $0 }, wholeName: "count", part: { $0.nbHits == 0 }, partName: "noResultCount", nullable: false)
        }
      ),
      ("/2/searches/noClicks", { report, _ in report.searchesWithoutClicks() }),
      (
        "/2/searches/noClickRate",
        { report, _ in
          report.rated(
            whole: { $0.filter { $0.queryID != nil } }, wholeName: "count",
            part: { report.clicks[$0.queryID ?? ""] == nil }, partName: "noClickCount", nullable: false)
        }
      ),
      (
        "/2/hits",
        { report, parameters throws(APIError) in
          report.topHits(
            search: parameters("search"), clickAnalytics: try Self.flag(parameters("clickAnalytics"), "clickAnalytics"))
        }
      ),
      ("/2/filters", { report, parameters in report.topFilterAttributes(search: parameters("search")) }),
      ("/2/filters/noResults", { report, parameters in report.filtersWithoutResults(search: parameters("search")) }),
      (
        "/2/clicks/clickThroughRate",
        { report, _ in
          report.tracked(
            rateName: "rate", countName: "clickCount", count: { report.clicks[$0]?.count ?? 0 },
            hit: { report.clicks[$0] != nil })
        }
      ),
      ("/2/clicks/averageClickPosition", { report, _ in report.averageClickPosition() }),
      ("/2/clicks/positions", { report, _ in ["positions": Self.positions(report)] }),
      (
        "/2/conversions/conversionRate",
        { report, _ in
          report.tracked(
            rateName: "rate", countName: "conversionCount", count: { report.conversions[$0] != nil ? 1 : 0 },
            hit: { report.conversions[$0] != nil })
        }
      ),
      (
        "/2/conversions/addToCartRate",
        { report, _ in report.conversionRate(subtype: "addToCart", countName: "addToCartCount") }
      ),
      (
        "/2/conversions/purchaseRate",
        { report, _ in report.conversionRate(subtype: "purchase", countName: "purchaseCount") }
      ),
      ("/2/conversions/revenue", { report, _ in report.revenue() }),
      ("/2/users/count", { report, _ in report.counted { Set($0.map(\.user)).count } }),
    ]
    for (path, answer) in routes {
      router.get(
        RouterPath(path),
        use: handler(.acl("analytics")) { [store] call throws(APIError) in
          let parameters = call.request.uri.queryParameters
          let get = { (name: String) in parameters.get(name).map { String($0) } }
          return .json(try answer(try Self.report(store, get), get))
        })
    }
    router.get(
      "/2/filters/:attribute",
      use: handler(.acl("analytics")) { [store] call throws(APIError) in
        let parameters = call.request.uri.queryParameters
        let get = { (name: String) in parameters.get(name).map { String($0) } }
        let attribute = try Self.parameter(call.context, "attribute")
        return .json(try Self.report(store, get).topFilterValues(attribute: attribute, search: get("search")))
      })
    router.get(
      "/2/status",
      use: handler(.acl("analytics")) { _ throws(APIError) in
        // Computed from the logs when asked: always up to date.
        .json(["updatedAt": Self.timestamp()])
      })
  }

  /// The report of a request's window over the store's searches and events.
  static func report(_ store: IndexStore, _ parameters: (String) -> String?) throws(APIError) -> AnalyticsReport {
    let today = AnalyticsWindow.day(ofMilliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    let window = try AnalyticsWindow(parameters, today: today)
    return AnalyticsReport(window: window, searches: store.analytics.searches, events: store.analytics.events)
  }

  static func flag(_ text: String?, _ name: String) throws(APIError) -> Bool {
    switch text {
    case nil, "false"?: return false
    case "true"?: return true
    case let other?: throw APIError(400, "\(name): true or false, got \(other.prefix(16))")
    }
  }

  static func ascending(_ text: String?) throws(APIError) -> Bool {
    switch text {
    case nil, "desc"?: return false
    case "asc"?: return true
    case let other?: throw APIError(400, "direction: asc or desc, got \(other.prefix(16))")
    }
  }

  static func positions(_ report: AnalyticsReport) -> JSON {
    AnalyticsReport.positionBuckets(report.clickPositions(of: report.searches))
  }
}

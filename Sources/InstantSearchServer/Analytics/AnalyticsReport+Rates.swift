import Foundation
import InstantSearchModel

/// The Analytics API's rates over tracked searches: click-through, conversion, add-to-cart and purchase
/// rates, the average click position, and revenue — in all and per day.
extension AnalyticsReport {
  /// A rate over the tracked searches: the share for which `hit` holds (by `queryID`), with `count`'s sum
  /// as `countName` and the tracked searches as `trackedSearchCount`; per day too.
  func tracked(rateName: String, countName: String, count: (String) -> Int, hit: (String) -> Bool) -> JSON {
    withDays { searches in
      let ids = searches.compactMap(\.queryID)
      return [
        rateName: Self.rate(ids.filter(hit).count, ids.count),
        countName: .number(Double(ids.reduce(0) { $0 + count($1) })),
        "trackedSearchCount": .number(Double(ids.count)),
      ]
    }
  }

  /// `GET /2/conversions/addToCartRate` and `purchaseRate`: the share of tracked searches followed by a
  /// conversion of that `subtype`.
  func conversionRate(subtype: String, countName: String) -> JSON {
    let matching = { (queryID: String) in (conversions[queryID] ?? []).filter { $0.eventSubtype == subtype } }
    return tracked(
      rateName: "rate", countName: countName, count: { matching($0).count }, hit: { !matching($0).isEmpty })
  }

  /// `GET /2/clicks/averageClickPosition`: the average position of the clicks after tracked searches.
  func averageClickPosition() -> JSON {
    withDays { searches in
      let positions = clickPositions(of: searches)
      return ["average": Self.average(positions), "clickCount": .number(Double(positions.count))]
    }
  }

  /// `GET /2/conversions/revenue`: the `value` of the purchases after tracked searches, by `currency`
  /// (ISO code, `USD` when an event does not say), in all and per day.
  func revenue() -> JSON {
    func currencies(_ searches: [SearchRecord]) -> JSON {
      var totals: [String: Double] = [:]
      for queryID in searches.compactMap(\.queryID) {
        for event in conversions[queryID] ?? [] where event.eventSubtype == "purchase" {
          guard let value = Self.amount(event.extra["value"]) else { continue }
          totals[event.extra["currency"]?.stringValue ?? "USD", default: 0] += value
        }
      }
      var result: [String: JSON] = [:]
      for (code, total) in totals {
        result[code] = ["currency": .string(code), "revenue": .number((total * 100).rounded() / 100)]
      }
      return .object(result)
    }
    return withDays { ["currencies": currencies($0)] }
  }

  /// An event's `value`: a number, or a string holding one.
  static func amount(_ value: JSON?) -> Double? {
    switch value {
    case .number(let number)?: return number.isFinite ? number : nil
    case .string(let text)?: return Double(text).flatMap { $0.isFinite ? $0 : nil }
    default: return nil
    }
  }
}

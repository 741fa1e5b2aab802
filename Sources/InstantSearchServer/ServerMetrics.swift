import Foundation
import InstantSearchEngine
import InstantSearchModel
import Prometheus

/// What an operator watches (`GET /metrics`, admin key only, Prometheus' text format, through
/// swift-prometheus): requests by route, index and status, their durations by route, writes' durations by
/// index, writes in flight, and — read when scraped — each index's records, bytes and commits (count,
/// total and last durations) and the analytics kept.
final class ServerMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()

  /// The buckets of the duration histograms, 1 ms to 2.5 s.
  static let buckets: [Duration] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500].map { .milliseconds($0) }

  /// Counts a request to `route` (its pattern, `/1/indexes/{index}/query`) of `index`, answered with
  /// `status` after `took`.
  func observe(route: String, index: String?, status: Int, took: Duration) {
    registry.makeCounter(
      descriptor: MetricNameDescriptor(
        namespace: "instantsearch", metricName: "requests", unitName: "total", helpText: "Requests answered"),
      labels: [("route", route), ("index", index ?? ""), ("status", String(status))]
    ).increment()
    registry.makeDurationHistogram(
      descriptor: MetricNameDescriptor(
        namespace: "instantsearch", metricName: "request_duration", unitName: "seconds",
        helpText: "Time to answer a request, by route"),
      labels: [("route", route)], buckets: Self.buckets
    ).record(took)
  }

  /// Records a write to `index` that took `took` to log and apply.
  func observeWrite(index: String, took: Duration) {
    registry.makeDurationHistogram(
      descriptor: MetricNameDescriptor(
        namespace: "instantsearch", metricName: "write_duration", unitName: "seconds",
        helpText: "Time to log and apply a write, by index"),
      labels: [("index", index)], buckets: Self.buckets
    ).record(took)
  }

  /// The metrics as text, with the gauges of `store` read now.
  func text(of store: IndexStore) throws(EngineError) -> [UInt8] {
    let gauge = { (name: String, unit: String, help: String, labels: [(String, String)], value: Double) in
      self.registry.makeGauge(
        descriptor: MetricNameDescriptor(namespace: "instantsearch", metricName: name, unitName: unit, helpText: help),
        labels: labels
      ).set(value)
    }
    for index in try store.list() {
      gauge("index_records", "count", "Records in an index", [("index", index.name)], Double(index.entries))
      gauge("index_size", "bytes", "An index's bytes on disk", [("index", index.name)], Double(index.fileSize))
    }
    for (name, commits) in store.commitStatistics() {
      let labels = [("index", name)]
      gauge(
        "commits", "count", "Commits since the server started (logs merged into segments)", labels,
        Double(commits.count))
      gauge("commit_duration_sum", "seconds", "Their durations added up", labels, commits.total / .seconds(1))
      gauge("last_commit_duration", "seconds", "The last commit's duration", labels, commits.last / .seconds(1))
    }
    gauge(
      "writes_in_flight", "count", "Writes waiting for or holding an index's writer", [], Double(store.writesInFlight))
    gauge("searches_kept", "count", "Searches kept for analytics", [], Double(store.analytics.searchCount))
    gauge("events_kept", "count", "Insights events kept", [], Double(store.analytics.eventCount))
    return registry.emitToBuffer()
  }
}

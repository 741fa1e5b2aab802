/// The figures of one response that a stats line shows.
public struct SearchStats: Hashable, Sendable {
  /// The number of hits.
  public var totalHitsCount: Int
  /// Hits per page.
  public var hitsPerPage: Int
  /// The number of pages.
  public var pagesCount: Int
  /// The page shown (0-based).
  public var page: Int
  /// How long the engine took, in milliseconds.
  public var processingTimeMS: Int
  /// The query text, if the engine reported it.
  public var query: String?
  /// From a virtual replica (Relevant Sort): how many of the hits were relevant enough to be sorted;
  /// `nil` from any other index.
  public var nbSortedHits: Int?
  /// The query's identifier, with click analytics on (what Insights events name).
  public var queryID: String?

  /// Creates stats from their figures.
  public init(
    totalHitsCount: Int = 0, hitsPerPage: Int = 0, pagesCount: Int = 0, page: Int = 0, processingTimeMS: Int = 0,
    query: String? = nil
  ) {
    self.totalHitsCount = totalHitsCount
    self.hitsPerPage = hitsPerPage
    self.pagesCount = pagesCount
    self.page = page
    self.processingTimeMS = processingTimeMS
    self.query = query
  }

  /// The stats of a response.
  public init(_ response: SearchResponse) {
    self.init(
      totalHitsCount: response.nbHits, hitsPerPage: response.hitsPerPage, pagesCount: response.nbPages,
      page: response.page, processingTimeMS: response.processingTimeMS, query: response.query)
    nbSortedHits = response.nbSortedHits
    queryID = response.queryID
  }
}

/// A view of a stats line.
@MainActor
public protocol StatsTextController: AnyObject {
  /// Shows the text (`nil` before any result).
  func setItem(_ item: String?)
}

extension DefaultPresenter {
  /// How stats read by default.
  public enum Stats {
    /// `1,234 results in 2 ms` (`1 result`, `0 results`); digits grouped by three with commas, whatever
    /// the locale, so that output is stable.
    public static func present(_ stats: SearchStats?) -> String? {
      guard let stats else { return nil }
      let noun = stats.totalHitsCount == 1 ? "result" : "results"
      return "\(grouped(stats.totalHitsCount)) \(noun) in \(grouped(stats.processingTimeMS)) ms"
    }

    /// With Relevant Sort, as InstantSearch.js words it: `150 relevant results sorted out of 1,234 found
    /// in 42 ms` (`1 relevant result`, `No relevant results`); when every hit is sorted, or the index is not
    /// a virtual replica, ``present(_:)``'s line.
    public static func presentSorted(_ stats: SearchStats?) -> String? {
      guard let stats, let sorted = stats.nbSortedHits, sorted != stats.totalHitsCount else { return present(stats) }
      let relevant =
        sorted == 0 ? "No relevant results" : sorted == 1 ? "1 relevant result" : "\(grouped(sorted)) relevant results"
      return "\(relevant) sorted out of \(grouped(stats.totalHitsCount)) found in \(grouped(stats.processingTimeMS)) ms"
    }

    /// `1234567` → `1,234,567`.
    public static func grouped(_ value: Int) -> String {
      let digits = String(value.magnitude)
      var out = ""
      for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
        out.append(digit)
      }
      return value < 0 ? "-" + out : out
    }
  }
}

/// What a Relevant Sort toggle shows and asks for on a virtual replica: only the most relevant hits,
/// sorted (`relevancyStrictness` 100), or every hit, sorted (`relevancyStrictness` 0).
public enum RelevantSortPriority: Hashable, Sendable {
  /// Fewer hits, the most relevant ones.
  case relevancy
  /// Every hit.
  case hitsCount

  /// The `relevancyStrictness` that asks for it: 100 or 0.
  public var relevancyStrictness: Int {
    switch self {
    case .relevancy: 100
    case .hitsCount: 0
    }
  }

  /// The priority a strictness gives: any strictness above 0 keeps only relevant hits.
  public init(relevancyStrictness: Int) {
    self = relevancyStrictness > 0 ? .relevancy : .hitsCount
  }

  /// The priority a response reports: from its `appliedRelevancyStrictness`, else from the presence of
  /// `nbSortedHits` (a service that does not return the strictness sorts relevantly by default); `nil`
  /// when the index answering does not sort relevantly.
  ///
  /// InstantSearch iOS reads only `nbSortedHits > 0`, so after "show all results" (strictness 0, where
  /// every hit is sorted) it still reports `.relevancy` and the toggle cannot go back; and a relevant
  /// search without hits hides the toggle. Reading the applied strictness first fixes both.
  public init?(_ response: SearchResponse) {
    if let applied = response.appliedRelevancyStrictness {
      self.init(relevancyStrictness: applied)
    } else if response.nbSortedHits != nil {
      self = .relevancy
    } else {
      return nil
    }
  }

  /// The other priority.
  public var toggled: RelevantSortPriority { self == .relevancy ? .hitsCount : .relevancy }
}

/// What a Relevant Sort view shows: a hint saying which results are shown, and the title of the toggle.
public struct RelevantSortTextualRepresentation: Hashable, Sendable {
  /// The hint (`Showing the most relevant results`).
  public var hintText: String
  /// The toggle's title (`Show all results`).
  public var toggleTitle: String

  /// Creates a representation.
  public init(hintText: String, toggleTitle: String) {
    self.hintText = hintText
    self.toggleTitle = toggleTitle
  }
}

extension DefaultPresenter {
  /// How a Relevant Sort toggle reads by default (English).
  public enum RelevantSort {
    /// The hint and toggle title of `priority`; `nil` (nothing to show) when the index does not sort
    /// relevantly.
    public static func present(_ priority: RelevantSortPriority?) -> RelevantSortTextualRepresentation? {
      switch priority {
      case .relevancy?:
        RelevantSortTextualRepresentation(
          hintText: "Showing the most relevant results", toggleTitle: "Show all results")
      case .hitsCount?:
        RelevantSortTextualRepresentation(hintText: "Showing all results", toggleTitle: "Show more relevant results")
      case nil: nil
      }
    }
  }
}

/// A view of a Relevant Sort toggle: shows the hint and the toggle title, reports taps.
@MainActor
public protocol RelevantSortController: AnyObject {
  /// Set by the connection: what a tap on the toggle does.
  var didToggle: (() -> Void)? { get set }

  /// Shows the hint and toggle title (`nil`: hide the toggle, the index does not sort relevantly).
  func setItem(_ item: RelevantSortTextualRepresentation?)
}

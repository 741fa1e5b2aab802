import Observation

/// The state and logic of a numeric range: the bounds and the selected range.
///
/// The selected range (``item``) is derived from the connected ``FilterState``. Each side of the bounds is
/// the developer's when given, otherwise the one of the latest `facets_stats` of the attribute (computed
/// without the range's own filter, see ``HitsSearcher/rangeAttributes``).
@MainActor
@Observable
public final class NumberRangeInteractor<Number: RangeNumber>: WidgetInteractor {
  /// The selected range, or `nil` for none (the filter state holds no range of this widget).
  public internal(set) var item: ClosedRange<Number>?
  /// The lower bound given by the developer; it wins over the statistics.
  public var fixedLowerBound: Number? {
    get { storedLowerBound }
    set { update { $0.storedLowerBound = newValue } }
  }
  /// The upper bound given by the developer; it wins over the statistics.
  public var fixedUpperBound: Number? {
    get { storedUpperBound }
    set { update { $0.storedUpperBound = newValue } }
  }
  /// Bounds from the latest statistics of the attribute (a response without them keeps the previous).
  public internal(set) var statisticsBounds: ClosedRange<Number>?
  /// A step the statistics bounds are widened to (the minimum rounded down to a multiple, the maximum up):
  /// with `0.1`, statistics of 1.75…14.15 give bounds of 1.7…14.2. It only shapes the bounds; a range the
  /// user applies keeps its full precision. `nil` (the default) takes the statistics as they are (integers
  /// still floor the minimum and ceil the maximum). Takes effect from the next results.
  public var boundsStep: Double?

  @ObservationIgnored let links = WidgetLinks()
  /// Where the user's ranges go while a filter state is connected (`nil` removes the range).
  @ObservationIgnored let rangeRequests = IntentSinks<ClosedRange<Number>?>()
  private var storedLowerBound: Number?
  private var storedUpperBound: Number?

  /// Creates an interactor with an optional initial range (written to the filter state at connect when it
  /// holds no range of this widget), optional bounds given by the developer, and an optional step for the
  /// bounds taken from statistics (see ``boundsStep``).
  public init(item: ClosedRange<Number>? = nil, bounds: ClosedRange<Number>? = nil, boundsStep: Double? = nil) {
    self.item = item
    self.storedLowerBound = bounds?.lowerBound
    self.storedUpperBound = bounds?.upperBound
    self.boundsStep = boundsStep
  }

  /// Both bounds given by the developer, or `nil` when either side is left to the statistics. Setting
  /// `nil` gives both sides back to the statistics.
  public var developerBounds: ClosedRange<Number>? {
    get {
      guard let fixedLowerBound, let fixedUpperBound, fixedLowerBound <= fixedUpperBound else { return nil }
      return fixedLowerBound...fixedUpperBound
    }
    set {
      update {
        $0.storedLowerBound = newValue?.lowerBound
        $0.storedUpperBound = newValue?.upperBound
      }
    }
  }

  /// The bounds in force, side by side: the developer's, else the statistics'. `nil` while a side is
  /// unknown. A lower side above the upper one gives the one-value range of the lower side.
  public var bounds: ClosedRange<Number>? {
    guard let lower = fixedLowerBound ?? statisticsBounds?.lowerBound,
      let upper = fixedUpperBound ?? statisticsBounds?.upperBound
    else { return nil }
    return lower...max(lower, upper)
  }

  /// The range to show: the selection clamped to the bounds, or the bounds when nothing is selected.
  /// Clamping only changes what is shown, never the filter.
  public var displayedRange: ClosedRange<Number>? {
    guard let item else { return bounds }
    guard let bounds else { return item }
    return item.clamped(to: bounds)
  }

  /// Whether the selection lies entirely outside the bounds (the view may flag it).
  public var isOutsideBounds: Bool {
    guard let item, let bounds else { return false }
    return item.upperBound < bounds.lowerBound || item.lowerBound > bounds.upperBound
  }

  /// Applies a range chosen by the user: a range covering the whole bounds removes the filter.
  public func applyRange(_ range: ClosedRange<Number>) {
    let coversBounds = bounds.map { range.lowerBound <= $0.lowerBound && range.upperBound >= $0.upperBound }
    apply(coversBounds == true ? nil : range)
  }

  /// Removes the range: the filter state holds no range of this widget afterwards.
  public func clearRange() {
    apply(nil)
  }

  /// Calls `handler` after each change of the range or the bounds.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  private func apply(_ next: ClosedRange<Number>?) {
    if !rangeRequests.send(next) { update { $0.item = next } }
  }

  var changeSnapshot: some Equatable { ChangeKey(item, storedLowerBound, storedUpperBound, statisticsBounds) }
}

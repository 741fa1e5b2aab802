import Observation

/// The state of a numeric comparison (`price >= 20`): the number and the bounds it is kept within.
///
/// The number (``item``) is derived from the connected ``FilterState``. The bounds are the developer's
/// when given, otherwise those of the latest `facets_stats` of the attribute, computed without the
/// comparison's own filter (as for a range). A number applied outside the bounds is clamped into them.
@MainActor
@Observable
public final class NumberInteractor<Number: RangeNumber>: WidgetInteractor {
  /// The number compared with, or `nil` for none (the filter state holds no comparison of this widget).
  public internal(set) var item: Number?
  /// Bounds given by the developer; they win over the statistics.
  public private(set) var developerBounds: ClosedRange<Number>?
  /// Bounds from the latest statistics of the attribute (a response without them keeps the previous).
  public internal(set) var statisticsBounds: ClosedRange<Number>?

  @ObservationIgnored let links = WidgetLinks()
  /// Where the user's numbers go while a filter state is connected.
  @ObservationIgnored let numberRequests = IntentSinks<Number?>()

  /// Creates an interactor with an optional initial number (written to the filter state at connect when
  /// it holds no comparison of this widget) and optional bounds.
  public init(item: Number? = nil, bounds: ClosedRange<Number>? = nil) {
    self.item = item
    self.developerBounds = bounds
  }

  /// The bounds in force: the developer's, else the statistics', else `nil`.
  public var bounds: ClosedRange<Number>? { developerBounds ?? statisticsBounds }

  /// Applies a number chosen by the user, clamped to the bounds; `nil` removes the comparison.
  public func computeNumber(number: Number?) {
    let next = number.map { value in bounds.map { min(max(value, $0.lowerBound), $0.upperBound) } ?? value }
    guard next != item else { return }
    if !numberRequests.send(next) { update { $0.item = next } }
  }

  /// Sets the developer's bounds (InstantSearch's name).
  public func applyBounds(bounds: ClosedRange<Number>?) {
    update { $0.developerBounds = bounds }
  }

  /// What a view's stepper or field does with the number.
  public var computation: Computation<Number> {
    Computation(current: { [weak self] in self?.item }, apply: { [weak self] in self?.computeNumber(number: $0) })
  }

  /// Calls `handler` after each change of the number or the bounds.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(item, developerBounds, statisticsBounds) }
}

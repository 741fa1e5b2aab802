import Foundation

/// A criterion of a facet list's order.
public enum FacetSortCriterion: Hashable, Sendable {
  /// A direction.
  public enum Order: Hashable, Sendable {
    /// Smallest first.
    case ascending
    /// Largest first.
    case descending
  }

  /// By count.
  case count(order: Order)
  /// By value, case- and diacritic-insensitively.
  case alphabetical(order: Order)
  /// Selected values first.
  case isRefined
}

/// Orders, limits and filters the values of a facet list.
///
/// The order is total and stable: the criteria in turn, then the value compared case- and
/// diacritic-insensitively, then the raw value. `limit` and `showEmptyFacets: false` never hide a selected
/// value. With a `showMoreLimit`, the list can show up to that many values instead of `limit` (see
/// ``canToggleShowMore(_:isTruncated:)`` and `FacetListInteractor.isShowingMore`).
public struct FacetListPresenter: Hashable, Sendable {
  /// The criteria, most important first.
  public var sortBy: [FacetSortCriterion]
  /// How many values to show (selected values are always shown).
  public var limit: Int
  /// Whether values with a count of 0 are shown (selected values are always shown).
  public var showEmptyFacets: Bool
  /// How many values to show while showing more (`nil`: the list cannot show more than `limit`).
  public var showMoreLimit: Int?

  /// Creates a presenter; the defaults are InstantSearch's: by decreasing count, 10 values, empty ones shown,
  /// no "show more".
  public init(
    sortBy: [FacetSortCriterion] = [.count(order: .descending)], limit: Int = 10, showEmptyFacets: Bool = true,
    showMoreLimit: Int? = nil
  ) {
    self.sortBy = sortBy
    self.limit = limit
    self.showEmptyFacets = showEmptyFacets
    self.showMoreLimit = showMoreLimit
  }

  /// The number of values shown: `showMoreLimit` while showing more (when it is larger), else `limit`.
  public func effectiveLimit(isShowingMore: Bool) -> Int {
    guard isShowingMore, let showMoreLimit, showMoreLimit > limit else { return limit }
    return showMoreLimit
  }

  /// Whether a "show more" / "show less" control has anything to do: the presenter has a `showMoreLimit`
  /// above `limit`, and there are more values to show than `limit` — in `items`, or beyond them when the
  /// response was truncated (`isTruncated`: it returned as many values as it was allowed to).
  public func canToggleShowMore(_ items: [SelectableItem<Facet>], isTruncated: Bool) -> Bool {
    guard let showMoreLimit, showMoreLimit > limit else { return false }
    let visible = items.filter { showEmptyFacets || $0.item.count > 0 || $0.isSelected }
    return visible.count > limit || isTruncated
  }

  /// The items to show, in order (`limit` of them, plus any selected ones beyond).
  public func present(_ items: [SelectableItem<Facet>]) -> [SelectableItem<Facet>] {
    present(items, isShowingMore: false)
  }

  /// The items to show, in order: ``effectiveLimit(isShowingMore:)`` of them, plus any selected ones beyond.
  public func present(_ items: [SelectableItem<Facet>], isShowingMore: Bool) -> [SelectableItem<Facet>] {
    let visible = items.filter { showEmptyFacets || $0.item.count > 0 || $0.isSelected }
    let sorted = visible.sorted(by: precedes)
    var shown: [SelectableItem<Facet>] = []
    var remaining = max(effectiveLimit(isShowingMore: isShowingMore), 0)
    for item in sorted {
      if remaining > 0 {
        shown.append(item)
        remaining -= 1
      } else if item.isSelected {
        shown.append(item)
      }
    }
    return shown
  }

  /// Whether `lhs` comes before `rhs`.
  public func precedes(_ lhs: SelectableItem<Facet>, _ rhs: SelectableItem<Facet>) -> Bool {
    for criterion in sortBy {
      switch criterion {
      case .isRefined:
        if lhs.isSelected != rhs.isSelected { return lhs.isSelected }
      case .count(let order):
        if lhs.item.count != rhs.item.count {
          return order == .descending ? lhs.item.count > rhs.item.count : lhs.item.count < rhs.item.count
        }
      case .alphabetical(let order):
        let comparison = Self.compareValues(lhs.item.value, rhs.item.value)
        if comparison != .orderedSame { return (comparison == .orderedAscending) == (order == .ascending) }
      }
    }
    return Self.compareValues(lhs.item.value, rhs.item.value) == .orderedAscending
  }

  /// Case- and diacritic-insensitive, then by UTF-8 bytes: a total order.
  static func compareValues(_ lhs: String, _ rhs: String) -> ComparisonResult {
    let folded = lhs.compare(rhs, options: [.caseInsensitive, .diacriticInsensitive], range: nil, locale: nil)
    if folded != .orderedSame { return folded }
    if lhs.utf8.elementsEqual(rhs.utf8) { return .orderedSame }
    return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? .orderedAscending : .orderedDescending
  }
}

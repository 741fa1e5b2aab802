/// What a list view of facet values shows: one row per value in the presenter's order, with its count and
/// whether it is selected.
///
/// The UIKit `FacetListTableController`, the SwiftUI `FacetRow` and any custom list view read their rows
/// from it, so what a row says (and what VoiceOver reads) is the same everywhere and tested once. A row
/// index the list no longer has — a tap that raced a reload — gives `nil`, never a trap.
public struct FacetListRows: Hashable, Sendable {
  /// One row of the list.
  public struct Row: Hashable, Sendable {
    /// The facet value and its count.
    public let facet: Facet
    /// Whether the value is refined.
    public let isSelected: Bool

    /// Creates a row.
    public init(facet: Facet, isSelected: Bool) {
      self.facet = facet
      self.isSelected = isSelected
    }

    /// The value, as shown: `Apple`.
    public var title: String { facet.value }

    /// The count, digits grouped: `1,234`.
    public var countText: String { DefaultPresenter.Stats.grouped(facet.count) }

    /// What assistive technologies read: `Apple, 1,234 results, selected`.
    public var accessibilityLabel: String {
      let noun = facet.count == 1 ? "result" : "results"
      return "\(title), \(countText) \(noun)" + (isSelected ? ", selected" : "")
    }
  }

  /// The "show more" / "show less" row after the values.
  public struct ShowMore: Hashable, Sendable {
    /// Whether more values are shown (the row then shows fewer).
    public let isShowingMore: Bool

    /// Creates the row.
    public init(isShowingMore: Bool) {
      self.isShowingMore = isShowingMore
    }

    /// `Show more` or `Show less`.
    public var title: String { isShowingMore ? "Show less" : "Show more" }
  }

  /// The rows of the values, in order.
  public private(set) var rows: [Row]
  /// The "show more" / "show less" row after the values (`nil`: none).
  public private(set) var showMore: ShowMore?

  /// Creates the rows of `items`, in their order.
  public init(_ items: [SelectableItem<Facet>] = []) {
    rows = items.map { Row(facet: $0.item, isSelected: $0.isSelected) }
  }

  /// The number of rows, the "show more" row included.
  public var count: Int { rows.count + (showMore == nil ? 0 : 1) }

  /// Takes the state of the "show more" control: a row after the values when it has anything to do.
  public mutating func setShowMore(isShowingMore: Bool, canToggle: Bool) {
    showMore = canToggle ? ShowMore(isShowingMore: isShowingMore) : nil
  }

  /// Whether the row at `index` is the "show more" row.
  public func isShowMoreRow(_ index: Int) -> Bool {
    showMore != nil && index == rows.count
  }

  /// The row of a value at `index`, or `nil` when there is none (the "show more" row included).
  public subscript(index: Int) -> Row? {
    rows.indices.contains(index) ? rows[index] : nil
  }

  /// The facet of the row at `index` (what a tap on it toggles), or `nil` when there is none.
  public func facet(at index: Int) -> Facet? {
    self[index]?.facet
  }
}

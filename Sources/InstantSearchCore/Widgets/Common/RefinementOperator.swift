/// How the values a widget selects combine: all of them (`and`, a conjunctive group) or any of them
/// (`or`, a disjunctive group, for which the searcher computes disjunctive counts).
public enum RefinementOperator: String, Hashable, Sendable, Codable {
  /// Every selected value must match.
  case and
  /// Any selected value may match.
  case or

  /// The group a widget with this operator writes its filters of `kind` to.
  public func groupID(name: String, kind: FilterKind) -> FilterGroup.ID {
    switch self {
    case .and: .and(name: name)
    case .or: .or(name: name, filterType: kind)
    }
  }
}

/// Whether a list lets the user select one value or several.
public enum SelectionMode: String, Hashable, Sendable, Codable {
  /// At most one value.
  case single
  /// Any number of values.
  case multiple
}

/// An item of a list with whether it is selected.
public struct SelectableItem<Item> {
  /// The item.
  public var item: Item
  /// Whether it is selected.
  public var isSelected: Bool

  /// Creates a selectable item.
  public init(item: Item, isSelected: Bool) {
    self.item = item
    self.isSelected = isSelected
  }
}

extension SelectableItem: Equatable where Item: Equatable {}
extension SelectableItem: Hashable where Item: Hashable {}
extension SelectableItem: Sendable where Item: Sendable {}

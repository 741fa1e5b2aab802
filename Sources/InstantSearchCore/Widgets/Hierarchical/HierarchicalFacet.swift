/// One row of a hierarchical menu: a value, its level (0 for the top one, for indentation) and whether it
/// is on the selected path.
public struct HierarchicalFacet: Hashable, Sendable {
  /// The value, as the engine spells it (the full path, such as `"Men > Shoes"`).
  public var facet: Facet
  /// The level, 0 for the top one.
  public var level: Int
  /// Whether the value is on the selected path.
  public var isSelected: Bool

  /// Creates a row.
  public init(facet: Facet, level: Int, isSelected: Bool) {
    self.facet = facet
    self.level = level
    self.isSelected = isSelected
  }

  /// The value's own name: the part after the last separator of the path (`"Shoes"`), or the value when
  /// the separator is not in it.
  public func name(separator: String) -> String {
    guard let last = HierarchicalPath.cutPositions(of: facet.value, separator: separator).last else {
      return facet.value
    }
    return String(facet.value[facet.value.index(last, offsetBy: separator.count)...])
  }
}

/// A view of a hierarchical menu: it shows the rows and reports clicks.
@MainActor
public protocol HierarchicalController: AnyObject {
  /// What the view receives, by InstantSearch iOS's name for it (`where Controller.Item == [HierarchicalFacet]`).
  typealias Item = [HierarchicalFacet]
  /// Called with the value the user clicked.
  var onClick: ((String) -> Void)? { get set }
  /// Receives the rows, in order: each level's values, the selected path expanded under its values.
  func setItem(_ item: [HierarchicalFacet])
}

/// One step of a breadcrumb: a level of the hierarchical menu's selected path.
public struct BreadcrumbItem: Hashable, Sendable {
  /// How the step reads: its own name, the value's last part (`"Shoes"` for `"Men > Shoes"`).
  public let label: String
  /// The value of that level, the whole path to it (`"Men > Shoes"`).
  public let value: String
  /// Its level, 0 for the top one.
  public let level: Int
  /// Whether it is the last step (the current category, which InstantSearch.js does not link).
  public let isCurrent: Bool

  /// A step.
  public init(label: String, value: String, level: Int, isCurrent: Bool) {
    self.label = label
    self.value = value
    self.level = level
    self.isCurrent = isCurrent
  }
}

/// A view of a breadcrumb (InstantSearch.js's `breadcrumb`): a root link, then each step of the selected
/// path; it reports the step the user picks.
@MainActor
public protocol BreadcrumbController: AnyObject {
  /// Set by the connection: goes up to the level picked (`nil`: the root, every category).
  var onSelect: ((Int?) -> Void)? { get set }
  /// Receives the steps, from the top level to the current one (empty: at the root).
  func setItems(_ items: [BreadcrumbItem])
}

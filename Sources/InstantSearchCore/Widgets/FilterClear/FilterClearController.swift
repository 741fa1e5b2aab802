/// Which groups a clear removes.
public enum ClearMode: Hashable, Sendable {
  /// Only the given groups (every group when none is given).
  case specified
  /// Every group but the given ones.
  case except
}

/// A "clear filters" button.
@MainActor
public protocol FilterClearController: AnyObject {
  /// Called when the user asks to clear.
  var onClick: (() -> Void)? { get set }
}

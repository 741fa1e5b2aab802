/// The version of this library, as sent in the `User-Agent`.
public enum InstantSearchVersion {
  /// The current version.
  public static let current = "0.1.0"
}

import InstantSearchModel

/// Errors of the embedded engine, with Algolia's messages where Algolia has one.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `Index products does not exist` (Algolia answers 404).
  case indexNotFound(String)
  /// A filter expression that does not parse: Algolia's message with its column (400).
  case invalidFilters(FilterParseError)
  /// A search parameter with a value the engine cannot use (400).
  case invalidParameter(String)
  /// A parameter that is not one of Algolia's: `Unknown parameter: X`, as Algolia answers (400).
  case unknownParameter(String)
  /// One of Algolia's parameters that the engine does not apply yet (400): refused, never ignored.
  case parameterNotApplied(String)
  /// Settings that cannot be read.
  case invalidSettings(String)
  /// A settings object naming something that is not one of Algolia's settings: `Invalid object
  /// attributes: X`, as Algolia answers (400).
  case unknownSetting(String)
  /// One of Algolia's settings that the engine does not apply yet, given a value other than Algolia's
  /// default (400): refused, never ignored.
  case settingNotApplied(String)
  /// A record that cannot be indexed, with the line (1-based) of the input it came from, if any.
  case invalidRecord(line: Int?, reason: String)
  /// A facet that is not declared `searchable(…)` was used in a search for facet values (400).
  case facetNotSearchable(String)
  /// The input could not be read.
  case unreadableInput(String)
  /// An index directory could not be read or written (see ``DurableError``).
  case storage(DurableError)

  /// The HTTP status Algolia answers with for this error.
  public var status: Int {
    switch self {
    case .indexNotFound: 404
    default: 400
    }
  }

  /// The message, as Algolia words it where it has one.
  public var description: String {
    switch self {
    case .indexNotFound(let name): "Index \(name) does not exist"
    case .invalidFilters(let error): error.description
    case .invalidParameter(let message): message
    case .unknownParameter(let name): "Unknown parameter: \(name)"
    case .parameterNotApplied(let name):
      "Parameter \(name) is not supported by the embedded engine yet: it is refused rather than ignored"
    case .invalidSettings(let message): "invalid settings: \(message)"
    case .unknownSetting(let name): "Invalid object attributes: \(name)"
    case .settingNotApplied(let name):
      "Setting \(name) is not supported by the embedded engine yet: only its default value is accepted"
    case .invalidRecord(let line, let reason):
      line.map { "invalid record at line \($0): \(reason)" } ?? "invalid record: \(reason)"
    case .facetNotSearchable(let facet):
      "Cannot search in `\(facet)` attribute, you need to add `searchable(\(facet))` to attributesForFaceting."
    case .unreadableInput(let message): message
    case .storage(let error): error.description
    }
  }
}

/// How an index cuts text into words and folds words into terms, when its settings change Algolia's
/// defaults: `separatorsToIndex`, `camelCaseAttributes`, `keepDiacriticsOnCharacters` and
/// `customNormalization`.
///
/// Records and queries go through the same analysis, so that a word of a query and the same word of a
/// record fold to one term. Records are stored as tokens cut by the analysis (see ``TokenDictionary``):
/// an index whose analysis changes is rebuilt from its records' text
/// (``IndexSettings/sharesIndexStructures(with:)``). The ``standard`` analysis is the tokenizer's fast path,
/// unchanged.
struct TextAnalysis: Hashable, Sendable {
  /// What differs from Algolia's defaults; `nil` for the defaults, so that the analysis most indexes have
  /// costs nothing to copy or to test (it is read on every search and every highlighted text).
  private let rules: Rules?

  /// An analysis other than the default one.
  private final class Rules: Hashable, Sendable {
    let indexedSeparators: Set<Unicode.Scalar>
    let keptDiacritics: Set<Unicode.Scalar>
    let normalization: [Unicode.Scalar: String]
    let camelCasePaths: Set<String>
    let camelCaseAncestors: Set<String>

    init(
      indexedSeparators: Set<Unicode.Scalar>, keptDiacritics: Set<Unicode.Scalar>,
      normalization: [Unicode.Scalar: String], camelCasePaths: Set<String>
    ) {
      self.indexedSeparators = indexedSeparators
      self.keptDiacritics = keptDiacritics
      self.normalization = normalization
      self.camelCasePaths = camelCasePaths
      var ancestors = Set<String>()
      for path in camelCasePaths {
        var ancestor = Substring(path)
        while let dot = ancestor.lastIndex(of: ".") {
          ancestor = ancestor[..<dot]
          ancestors.insert(String(ancestor))
        }
      }
      camelCaseAncestors = ancestors
    }

    static func == (lhs: Rules, rhs: Rules) -> Bool {
      lhs.indexedSeparators == rhs.indexedSeparators && lhs.keptDiacritics == rhs.keptDiacritics
        && lhs.normalization == rhs.normalization && lhs.camelCasePaths == rhs.camelCasePaths
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(indexedSeparators)
      hasher.combine(keptDiacritics)
      hasher.combine(normalization)
      hasher.combine(camelCasePaths)
    }
  }

  /// Characters that keep their diacritics when folded (`keepDiacriticsOnCharacters`, lower case): with
  /// `é`, "Café" folds to `café`, not `cafe`. Upper-case forms fold to them.
  var keptDiacritics: Set<Unicode.Scalar> { rules?.keptDiacritics ?? [] }
  /// Characters folded to a text of one's choosing (`customNormalization`'s `default`), before anything
  /// else: with `ä → ae`, "Äpfel" folds to `aepfel`. Keys are single scalars; upper-case forms fold
  /// through their lower case.
  var normalization: [Unicode.Scalar: String] { rules?.normalization ?? [:] }

  /// Algolia's defaults: words are runs of letters and digits, folded to lower case without diacritics.
  static let standard = TextAnalysis()

  /// Algolia's defaults.
  init() { rules = nil }

  /// An analysis with these settings, already checked (see `IndexSettings+Tokenization.swift`); Algolia's
  /// defaults when all are empty.
  init(
    indexedSeparators: Set<Unicode.Scalar>, keptDiacritics: Set<Unicode.Scalar>,
    normalization: [Unicode.Scalar: String], camelCasePaths: Set<String>
  ) {
    let isDefault =
      indexedSeparators.isEmpty && keptDiacritics.isEmpty && normalization.isEmpty && camelCasePaths.isEmpty
    rules =
      isDefault
      ? nil
      : Rules(
        indexedSeparators: indexedSeparators, keptDiacritics: keptDiacritics, normalization: normalization,
        camelCasePaths: camelCasePaths)
  }

  /// Whether words are cut as Algolia's defaults cut them (no indexed separator): the fast tokenizer.
  var cutsAsStandard: Bool { rules?.indexedSeparators.isEmpty ?? true }

  /// Whether words fold as Algolia's defaults fold them.
  var foldsAsStandard: Bool {
    guard let rules else { return true }
    return rules.keptDiacritics.isEmpty && rules.normalization.isEmpty
  }

  /// Whether `scalar` is indexed as a word of its own.
  @inline(__always)
  func indexes(_ scalar: Unicode.Scalar) -> Bool {
    guard let rules, !rules.indexedSeparators.isEmpty else { return false }
    return rules.indexedSeparators.contains(scalar)
  }

  /// Where a value stands with respect to the camel-case attributes, as a packer walks a record.
  enum CamelCaseScope: Hashable, Sendable {
    /// Not in a camel-case attribute, nor above one.
    case outside
    /// In a camel-case attribute: its words are split.
    case inside
    /// In an attribute that holds a camel-case attribute deeper down (the root: `""`).
    case above(String)
  }

  /// The scope of a record's root.
  var rootScope: CamelCaseScope { rules?.camelCasePaths.isEmpty ?? true ? .outside : .above("") }

  /// The scope of member `key` of a value in `scope`.
  func scope(entering key: String, from scope: CamelCaseScope) -> CamelCaseScope {
    guard case .above(let parent) = scope, let rules else { return scope }
    let path = parent.isEmpty ? key : parent + "." + key
    if rules.camelCasePaths.contains(path) { return .inside }
    return rules.camelCaseAncestors.contains(path) ? .above(path) : .outside
  }

  /// The scope of the value at `path` (dotted) of a record.
  func scope(ofPath path: String) -> CamelCaseScope {
    guard let rules, !rules.camelCasePaths.isEmpty else { return .outside }
    var scope = rootScope
    for key in path.split(separator: ".", omittingEmptySubsequences: false) {
      scope = self.scope(entering: String(key), from: scope)
    }
    return scope
  }
}

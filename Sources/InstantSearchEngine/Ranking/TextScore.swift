/// Algolia's textual tie-breaking criteria for one record, compared in order: typo (fewer first), geo
/// (nearer first), words (more first), filters (the optional filters' score, higher first), proximity (closer first), attribute
/// (better first), exact (more first), then the custom ranking and the record's position; words first for a
/// `similarQuery` (``wordsFirst``).
struct TextScore: Comparable, Sendable {
  var typos: Int
  var words: Int
  var proximity: Int
  var attribute: Int
  var exact: Int
  /// The score of the optional filters the record matches (0 without optional filters).
  var filters: Int = 0
  /// The distance to a geo search's centre in steps of its precision (0 without one).
  var geo: Int = 0
  /// Whether the words criterion comes first (a `similarQuery`'s ranking: more words held before fewer
  /// typos). Every score of one search has the same value.
  var wordsFirst = false

  static func < (lhs: TextScore, rhs: TextScore) -> Bool {
    if lhs.wordsFirst, lhs.words != rhs.words { return lhs.words > rhs.words }
    if lhs.typos != rhs.typos { return lhs.typos < rhs.typos }
    if lhs.geo != rhs.geo { return lhs.geo < rhs.geo }
    if lhs.words != rhs.words { return lhs.words > rhs.words }
    if lhs.filters != rhs.filters { return lhs.filters > rhs.filters }
    if lhs.proximity != rhs.proximity { return lhs.proximity < rhs.proximity }
    if lhs.attribute != rhs.attribute { return lhs.attribute < rhs.attribute }
    return lhs.exact > rhs.exact
  }
}

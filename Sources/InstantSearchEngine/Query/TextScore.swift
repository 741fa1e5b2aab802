/// Algolia's textual tie-breaking criteria for one record, compared in order: typo (fewer first), words
/// (more first), proximity (closer first), attribute (better first), exact (more first), then the custom
/// ranking and the record's position.
struct TextScore: Comparable, Sendable {
  var typos: Int
  var words: Int
  var proximity: Int
  var attribute: Int
  var exact: Int

  static func < (lhs: TextScore, rhs: TextScore) -> Bool {
    if lhs.typos != rhs.typos { return lhs.typos < rhs.typos }
    if lhs.words != rhs.words { return lhs.words > rhs.words }
    if lhs.proximity != rhs.proximity { return lhs.proximity < rhs.proximity }
    if lhs.attribute != rhs.attribute { return lhs.attribute < rhs.attribute }
    return lhs.exact > rhs.exact
  }
}

/// Which hits a virtual replica sorts (Relevant Sort): those similar enough to the most relevant one.
///
/// A hit's similarity to the most relevant hit (the best by the textual criteria) is the product, over
/// the textual criteria, of how close it comes on each, every factor in (0, 1] when the hit is no better:
/// matched words `w / w₀`, typos `(1 + t₀) / (1 + t)`, proximity `(1 + p₀) / (1 + p)`, attribute
/// `(1 + a₀) / (1 + a)`, exact words `(1 + e) / (1 + e₀)`. A hit is kept when its similarity, in percent,
/// reaches the strictness: 100 keeps the hits as relevant as the best on every criterion, 0 keeps every
/// hit. Without query words every hit is equally relevant, so every hit is kept.
struct RelevanceSelection {
  /// The strictness, 0–100.
  let strictness: Int
  /// The most relevant hit's score.
  let best: TextScore

  /// The similarity of `score` to the best, 0–1 (more for a hit better than the best on some criterion).
  func similarity(_ score: TextScore) -> Double {
    func ratio(_ numerator: Int, _ denominator: Int) -> Double {
      Double(max(numerator, 0)) / Double(max(denominator, 1))
    }
    return ratio(score.words, best.words) * ratio(1 + best.typos, 1 + score.typos)
      * ratio(1 + best.proximity, 1 + score.proximity) * ratio(1 + best.attribute, 1 + score.attribute)
      * ratio(1 + score.exact, 1 + best.exact)
  }

  /// Whether a hit of `score` is kept.
  func keeps(_ score: TextScore) -> Bool {
    // A small tolerance so that a similarity of exactly 1/2 is kept at 50 despite rounding.
    similarity(score) * 100 >= Double(strictness) - 1e-9
  }

  /// The strictness a search on a virtual replica applies: the query's, else the replica's setting, else
  /// 100.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for a query's strictness outside 0–100.
  static func strictness(query: Int?, settings: Int?) throws(EngineError) -> Int {
    if let query, !(0...100).contains(query) {
      throw .invalidParameter("relevancyStrictness must be between 0 and 100, got \(query)")
    }
    return min(max(query ?? settings ?? 100, 0), 100)
  }
}

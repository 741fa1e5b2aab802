import InstantSearchModel

/// English plurals: inflect's irregular and invariant nouns and its families by ending (``LanguageData``),
/// then the regular rules.
extension PluralForms {
  /// The irregular other-number forms of English words, both ways (`mouse` → `mice`, `mice` → `mouse`),
  /// and the invariant nouns (read once, on the first English plural asked for).
  private static let englishTables:
    (irregular: [String: [String]], endings: [(singular: String, plural: String)], invariant: Set<String>) =
      {
        var irregular: [String: [String]] = [:]
        for (singular, plural) in LanguageData.pairs(LanguageData.englishIrregularPlurals) {
          irregular[singular, default: []].append(plural)
          irregular[plural, default: []].append(singular)
        }
        let endings = LanguageData.pairs(LanguageData.englishIrregularEndings)
        let invariant = Set(LanguageData.englishInvariantNouns.split(separator: " ").map(String.init))
        return (irregular, endings, invariant)
      }()

  static func english(_ word: String) -> [String] {
    let tables = englishTables
    if tables.invariant.contains(word) { return [] }
    if let known = tables.irregular[word] { return known }
    // A family by its ending (woman -> women, dormice -> dormouse).
    for (singular, plural) in tables.endings {
      if word.hasSuffix(plural) { return [String(word.dropLast(plural.count)) + singular] }
      if word.hasSuffix(singular) { return [String(word.dropLast(singular.count)) + plural] }
    }
    var forms: [String] = []
    // As a plural: its singulars.
    if let singular = replacing("ies", with: "y", in: word) { forms.append(singular) }
    if let singular = replacing("ves", with: "f", in: word) { forms += [singular, singular + "e"] }
    if word.hasSuffix("es"), word.count >= 4 { forms.append(String(word.dropLast(2))) }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
      forms.append(String(word.dropLast()))
    }
    // As a singular: its plurals.
    if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z") || word.hasSuffix("ch")
      || word.hasSuffix("sh")
    {
      forms.append(word + "es")
    } else if word.hasSuffix("y"), endsWithConsonant(String(word.dropLast())) {
      forms.append(String(word.dropLast()) + "ies")
    } else if word.hasSuffix("o") {
      forms += [word + "es", word + "s"]
    } else if word.hasSuffix("fe") || word.hasSuffix("f") {
      forms += [(word.hasSuffix("fe") ? String(word.dropLast(2)) : String(word.dropLast())) + "ves", word + "s"]
    } else {
      forms.append(word + "s")
    }
    return forms
  }
}

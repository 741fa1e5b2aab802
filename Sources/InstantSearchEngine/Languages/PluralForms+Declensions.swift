/// The rules of ``PluralForms`` made of a language's endings: a word's stems (itself, itself less each
/// ending it has) with each ending. Swedish, Danish and Norwegian (Bokmål) nouns decline for number and
/// definiteness, so a word's other forms are its plurals and its definite forms, each way (`bil`, `bilen`,
/// `bilar`, `bilarna`; `flicka`, `flickan`, `flickor`, `flickorna`); Catalan (`casa`, `cases`), Turkish
/// (`kitap`, `kitaplar`), Esperanto (`hundo`, `hundoj`, `hundon`, `hundojn`) and Afrikaans (`kind`,
/// `kinders`) by their plural endings. As for the other languages, the forms are candidates that count
/// only where the index holds them.
extension PluralForms {
  /// The endings a Swedish noun's forms put on its stem (`a`, `an` and `e` give back `flicka`, `flickan`
  /// and `pojke`, whose final vowel the plural drops: `flick-or`, `pojk-ar`).
  static let swedishEndings = [
    "ar", "er", "or", "en", "et", "an", "n", "r", "t", "arna", "erna", "orna", "na", "a", "e",
  ]
  /// The endings a Danish noun's forms put on its stem.
  static let danishEndings = ["er", "en", "et", "e", "erne", "ene", "r", "n", "rne", "ne", "t"]
  /// The endings a Norwegian (Bokmål) noun's forms put on its stem.
  static let norwegianEndings = ["er", "en", "et", "ene", "a", "e", "r", "n", "ne", "t"]

  /// The endings of Catalan plurals (`casa`/`cases`, `peix`/`peixos`, `cami`/`camins`: folded `camí`).
  static let catalanEndings = ["s", "es", "os", "ns", "a"]
  /// The endings of Turkish plurals, bare and with the third person's possessive (`kitaplar`, `okulları`).
  static let turkishEndings = ["lar", "ler", "lari", "leri"]
  /// The endings of Esperanto nouns and adjectives: plural `j`, accusative `n`.
  static let esperantoEndings = ["o", "oj", "on", "ojn", "a", "aj", "an", "ajn"]
  /// The endings of Afrikaans plurals (`boek`/`boeke`, `kar`/`karre` folded, `kind`/`kinders`, `ma`/`mas`).
  static let afrikaansEndings = ["e", "s", "ers", "re"]

  static func swedish(_ word: String) -> [String] { declined(word, endings: swedishEndings) }
  static func danish(_ word: String) -> [String] { declined(word, endings: danishEndings) }
  static func norwegian(_ word: String) -> [String] { declined(word, endings: norwegianEndings) }
  static func catalan(_ word: String) -> [String] { declined(word, endings: catalanEndings) }
  static func turkish(_ word: String) -> [String] { declined(word, endings: turkishEndings) }
  static func esperanto(_ word: String) -> [String] { declined(word, endings: esperantoEndings) }
  static func afrikaans(_ word: String) -> [String] { declined(word, endings: afrikaansEndings) }

  /// The forms of `word`: its stems — itself, itself without each ending it has (keeping two letters),
  /// itself without a final `a` or `e` — each with each ending, and the stems themselves. At most
  /// (2 + the endings) × (1 + the endings) candidates, the stems first.
  private static func declined(_ word: String, endings: [String]) -> [String] {
    var stems = [word]
    for ending in endings where word.hasSuffix(ending) && word.count >= ending.count + 2 {
      let stem = String(word.dropLast(ending.count))
      if !stems.contains(stem) { stems.append(stem) }
    }
    var forms = Array(stems.dropFirst())
    for stem in stems {
      for ending in endings {
        let form = stem + ending
        if form != word, !forms.contains(form) { forms.append(form) }
      }
    }
    return forms
  }
}

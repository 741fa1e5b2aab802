import InstantSearchModel

/// `ignorePlurals`: the other number of a query word — its plurals when it reads as a singular, its
/// singulars when it reads as a plural — in the languages that have rules here: English (rules, and
/// inflect's irregular and invariant nouns, see ``LanguageData``), French, Spanish, Italian, Portuguese,
/// German and Dutch (rules); and by their endings (`PluralForms+Declensions.swift`) Swedish, Danish and
/// Norwegian, whose nouns decline for definiteness too (the definite forms then), Catalan, Turkish,
/// Esperanto and Afrikaans; and by tables of their nouns' forms (``Declensions``, installed from the
/// `InstantSearchLanguageData` product) Greek, Irish, Persian, Polish and Russian.
///
/// The forms are candidates: a query word matches one only where the index holds it as a word, as it
/// matches a synonym (``QueryWord``), so a rule that overshoots (`bu` from `bus`) finds nothing. Words are
/// folded query words (lower case, no diacritics), so German umlaut plurals (`Häuser`) read as their
/// singular's letters (`hauser` for `haus`).
enum PluralForms {
  /// The languages with plural rules.
  static let ruleLanguages = ["af", "ca", "da", "de", "en", "eo", "es", "fr", "it", "nl", "no", "pt", "sv", "tr"]

  /// The languages whose plurals `ignorePlurals: true` applies when no language is given: those with
  /// rules, and those whose table of declensions is installed.
  static var languages: [String] { (ruleLanguages + Declensions.installedLanguages).sorted() }

  /// The most forms one word gets in one language: 240, the most a Scandinavian noun's stems and endings
  /// give (the other languages' rules give a dozen at most). Each is one lookup in the index's terms.
  static let maximumForms = 240

  /// The other-number forms of `word` in any of `languages`, without `word` itself, at most
  /// ``maximumForms`` a language (so that one language's many candidates never crowd out another's);
  /// none for a word of fewer than three letters or with a digit.
  static func forms(of word: String, languages: [String]) -> [String] {
    guard word.count >= 3, !word.contains(where: \.isNumber) else { return [] }
    var result: [String] = []
    for language in languages {
      let found: [String]
      switch language {
      case "en": found = english(word)
      case "fr": found = french(word)
      case "es": found = spanish(word)
      case "it": found = italian(word)
      case "pt": found = portuguese(word)
      case "de": found = german(word)
      case "nl": found = dutch(word)
      case "sv": found = swedish(word)
      case "da": found = danish(word)
      case "no", "nb": found = norwegian(word)
      case "ca": found = catalan(word)
      case "tr": found = turkish(word)
      case "eo": found = esperanto(word)
      case "af": found = afrikaans(word)
      default: found = Declensions.forms(of: word, language: language)
      }
      var taken = 0
      for form in found where taken < maximumForms && form != word && form.count >= 2 {
        taken += 1
        if !result.contains(form) { result.append(form) }
      }
    }
    return result
  }

  /// `word` without `suffix` and with `replacement`, when it ends with `suffix` and keeps two letters.
  static func replacing(_ suffix: String, with replacement: String, in word: String) -> String? {
    guard word.hasSuffix(suffix), word.count >= suffix.count + 2 else { return nil }
    return String(word.dropLast(suffix.count)) + replacement
  }

  static func endsWithConsonant(_ word: String) -> Bool {
    guard let last = word.last else { return false }
    return !"aeiouy".contains(last)
  }

  static func french(_ word: String) -> [String] {
    if word.hasSuffix("eaux") || word.hasSuffix("eux") { return [String(word.dropLast())] }
    if word.hasSuffix("aux") {
      return [replacing("aux", with: "al", in: word), replacing("aux", with: "ail", in: word), String(word.dropLast())]
        .compactMap { $0 }
    }
    if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("z") { return [String(word.dropLast())] }
    if word.hasSuffix("al") { return [replacing("al", with: "aux", in: word), word + "s"].compactMap { $0 } }
    if word.hasSuffix("eau") || word.hasSuffix("au") || word.hasSuffix("eu") { return [word + "x", word + "s"] }
    return [word + "s"]
  }

  static func spanish(_ word: String) -> [String] {
    if word.hasSuffix("ces") { return [replacing("ces", with: "z", in: word)].compactMap { $0 } }
    if word.hasSuffix("es") { return [String(word.dropLast(2)), String(word.dropLast())] }
    if word.hasSuffix("s") { return [String(word.dropLast())] }
    if word.hasSuffix("z") { return [replacing("z", with: "ces", in: word)].compactMap { $0 } }
    return endsWithConsonant(word) ? [word + "es"] : [word + "s"]
  }

  static func italian(_ word: String) -> [String] {
    let pairs: [(String, [String])] = [
      ("chi", ["co"]), ("ghi", ["go"]), ("che", ["ca"]), ("ghe", ["ga"]), ("co", ["chi", "ci"]), ("go", ["ghi"]),
      ("ca", ["che"]), ("ga", ["ghe"]), ("i", ["o", "e", "io"]), ("e", ["a", "i"]), ("o", ["i"]), ("a", ["e"]),
    ]
    for (suffix, replacements) in pairs where word.hasSuffix(suffix) {
      return replacements.compactMap { replacing(suffix, with: $0, in: word) }
    }
    return []
  }

  static func portuguese(_ word: String) -> [String] {
    let pairs: [(String, [String])] = [
      ("oes", ["ao"]), ("aes", ["ao"]), ("aos", ["ao"]), ("ao", ["oes", "aes", "aos"]), ("ns", ["m"]), ("m", ["ns"]),
      ("ais", ["al"]), ("eis", ["el", "il"]), ("ois", ["ol"]), ("uis", ["ul"]), ("al", ["ais"]), ("el", ["eis"]),
      ("ol", ["ois"]), ("ul", ["uis"]), ("il", ["is"]), ("res", ["r"]), ("zes", ["z"]), ("r", ["res"]), ("z", ["zes"]),
      ("s", [""]),
    ]
    for (suffix, replacements) in pairs where word.hasSuffix(suffix) {
      return replacements.compactMap { replacing(suffix, with: $0, in: word) }
    }
    return [word + "s"]
  }

  static func german(_ word: String) -> [String] {
    var forms = ["e", "er", "en", "n", "s"].map { word + $0 }
    for suffix in ["er", "en", "e", "n", "s"] {
      if let singular = replacing(suffix, with: "", in: word) { forms.append(singular) }
    }
    return forms
  }

  static func dutch(_ word: String) -> [String] {
    var forms = [word + "en", word + "s"]
    if let last = word.last, endsWithConsonant(word) { forms.append(word + String(last) + "en") }
    if let singular = replacing("en", with: "", in: word) {
      forms.append(singular)
      // `ballen` for `bal`: a doubled consonant before -en.
      if singular.count >= 3, singular.last == singular.dropLast().last { forms.append(String(singular.dropLast())) }
    }
    if let singular = replacing("s", with: "", in: word) { forms.append(singular) }
    return forms
  }
}

/// The single-word alternatives of every word a synonym list names, folded as query words are: what
/// ``QueryWord`` adds to the terms a word matches.
final class SynonymTable: Hashable, Sendable {
  /// An alternative word and how it matches: typos spent, and whether it counts as an exact match.
  struct Alternative: Hashable, Sendable {
    let word: String
    let typos: Int
    let isExact: Bool
    /// The attributes where such a match counts, when not all: a compound the word is a part of
    /// (decompounding) counts only in those `decompoundedAttributes` lists, a word that reads as it
    /// (transliteration) in those of `attributesToTransliterate` (see ``TextConstraints``).
    var scope: Scope?

    /// What an alternative is, for the attributes where its matches count.
    enum Scope: Int, Hashable, Sendable, CaseIterable {
      /// A compound the word is a part of.
      case decompounded
      /// A Japanese word that reads as the word.
      case transliterated
    }
  }

  let entries: [Synonym]
  /// How the entries' words were read.
  let analysis: TextAnalysis
  private let alternatives: [String: [Alternative]]
  /// Phrase rewrites involving several words: each phrase (folded words) and what it may be replaced by.
  private let phrases: [(from: [String], to: [[String]])]

  /// The most query variants one search tries (the query itself included), as each costs a search.
  static let maximumVariants = 8

  /// The table of `entries`, their words read with `analysis` (the index's, as its query words are).
  init(_ entries: [Synonym], analysis: TextAnalysis = .standard) {
    self.entries = entries
    self.analysis = analysis
    var table: [String: [Alternative]] = [:]
    func single(_ text: String) -> String? {
      let words = analysis.words(of: text)
      return words.count == 1 ? words[0] : nil
    }
    func add(_ from: String, _ to: String, typos: Int, exact: Bool) {
      guard let source = single(from), let target = single(to), source != target else { return }
      table[source, default: []].append(Alternative(word: target, typos: typos, isExact: exact))
    }
    for entry in entries {
      switch entry.kind {
      case .regular(let words):
        for from in words { for to in words { add(from, to, typos: 0, exact: true) } }
      case .oneWay(let input, let synonyms):
        for to in synonyms { add(input, to, typos: 0, exact: true) }
      case .alternativeCorrection(let word, let corrections, let typos):
        for to in corrections { add(word, to, typos: typos, exact: false) }
      case .placeholder(let token, let replacements):
        // Records hold the placeholder as a word (`<Street>` is read as `street`): each replacement matches it.
        for from in replacements { add(from, token, typos: 0, exact: true) }
      }
    }
    alternatives = table.mapValues { Array(Set($0)).sorted { ($0.word, $0.typos) < ($1.word, $1.typos) } }
    var rewrites: [(from: [String], to: [[String]])] = []
    func addPhrases(_ from: String, _ targets: [String]) {
      let source = analysis.words(of: from)
      let replacements = targets.map { analysis.words(of: $0) }.filter { !$0.isEmpty && $0 != source }
      // Single word to single word is a term alternative (above); the rest rewrites the query.
      let multi = replacements.filter { source.count > 1 || $0.count > 1 }
      if !source.isEmpty, !multi.isEmpty { rewrites.append((source, multi)) }
    }
    for entry in entries {
      switch entry.kind {
      case .regular(let words):
        for from in words { addPhrases(from, words) }
      case .oneWay(let input, let synonyms): addPhrases(input, synonyms)
      case .alternativeCorrection, .placeholder: break
      }
    }
    phrases = rewrites
  }

  /// Whether some entry rewrites phrases (a multi-word synonym): without one, a query has no variants.
  var hasPhrases: Bool { !phrases.isEmpty }

  /// A query rewritten by a multi-word synonym: its words, and the positions of those the synonym put in.
  struct Variant: Hashable, Sendable {
    let words: [String]
    let replaced: Range<Int>
    /// Whether the words put in count as exact matches whatever `alternativesAsExact` says (a compound's
    /// parts, see ``ViewSearch/decompoundVariants``).
    var replacedAreExact = false
    /// Whether its words are searched as they are rather than read again from their text: a run of kana
    /// kept whole, which reading would cut (see ``ViewSearch/transliterationVariants``).
    var keepsWords = false
  }

  /// The variants of a query (its folded `words`) that multi-word synonyms give: each occurrence of a
  /// phrase replaced by one of its synonyms, one replacement a variant, at most ``maximumVariants`` − 1.
  func variants(of words: [String]) -> [Variant] {
    var result: [Variant] = []
    for (from, targets) in phrases where from.count <= words.count {
      for start in 0...(words.count - from.count) where Array(words[start..<start + from.count]) == from {
        for target in targets {
          let variant = Variant(
            words: Array(words[..<start]) + target + Array(words[(start + from.count)...]),
            replaced: start..<start + target.count)
          if !result.contains(where: { $0.words == variant.words }) { result.append(variant) }
          if result.count >= Self.maximumVariants - 1 { return result }
        }
      }
    }
    return result
  }

  /// The alternatives of the folded query word `word`; with `exact` off, none counts as an exact match
  /// (`singleWordSynonym` left out of `alternativesAsExact`).
  func alternatives(of word: String, exact: Bool = true) -> [Alternative] {
    let found = alternatives[word] ?? []
    guard !exact else { return found }
    return found.map { Alternative(word: $0.word, typos: $0.typos, isExact: false) }
  }

  static func == (lhs: SynonymTable, rhs: SynonymTable) -> Bool {
    lhs.entries == rhs.entries && lhs.analysis == rhs.analysis
  }

  func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

/// The single-word alternatives of every word a synonym list names, folded as query words are: what
/// ``QueryWord`` adds to the terms a word matches.
final class SynonymTable: Hashable, Sendable {
  /// An alternative word and how it matches: typos spent, and whether it counts as an exact match.
  struct Alternative: Hashable, Sendable {
    let word: String
    let typos: Int
    let isExact: Bool
  }

  let entries: [Synonym]
  private let alternatives: [String: [Alternative]]

  init(_ entries: [Synonym]) {
    self.entries = entries
    var table: [String: [Alternative]] = [:]
    func single(_ text: String) -> String? {
      let words = TextTokens.words(of: text)
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
      case .placeholder: break
      }
    }
    alternatives = table.mapValues { Array(Set($0)).sorted { ($0.word, $0.typos) < ($1.word, $1.typos) } }
  }

  /// The alternatives of the folded query word `word`.
  func alternatives(of word: String) -> [Alternative] {
    alternatives[word] ?? []
  }

  static func == (lhs: SynonymTable, rhs: SynonymTable) -> Bool { lhs.entries == rhs.entries }
  func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

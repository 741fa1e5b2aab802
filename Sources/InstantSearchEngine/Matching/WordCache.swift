import InstantSearchModel

/// The query words a snapshot has recently matched, with their records, so that the next keystroke
/// does not search the terms and merge the postings again for the words it shares with the previous one
/// ("wireless h", "wireless he", … all reuse "wireless"). The records of the word being typed are kept
/// too (its matching is not: it changes with every keystroke), for the queries that repeat it — a
/// request's disjunctive facet queries, a refinement clicked, the next page.
///
/// Belongs to one snapshot (a write builds a new snapshot, with an empty cache). Holds at most
/// ``capacity`` words, evicting the least recently used.
final class WordCache: Sendable {
  /// What identifies a matched word: its folded text, whether it is a prefix, and its typo budget.
  struct Key: Hashable, Sendable {
    var text: String
    var isPrefix: Bool
    var allowedTypos: Int
    /// The synonyms the word matches too.
    var alternatives: [SynonymTable.Alternative] = []
  }

  struct Entry: Sendable {
    var word: QueryWord
    var records: DocSet?
    var lastUse: Int
  }

  /// How many words are kept.
  static let capacity = 16

  private let state = Locked<(entries: [Key: Entry], clock: Int)>(([:], 0))

  /// The word for `key`, matched by `match` when not cached.
  func word(_ key: Key, match: () -> QueryWord) -> QueryWord {
    if let word = state.withLock({ state -> QueryWord? in
      state.clock += 1
      state.entries[key]?.lastUse = state.clock
      return state.entries[key]?.word
    }) {
      return word
    }
    let word = match()
    store(key) { $0 = Entry(word: word, records: $0?.records, lastUse: 0) }
    return word
  }

  /// The records of the word for `key`, computed by `compute` when not cached.
  func records(_ key: Key, word: QueryWord, compute: () -> DocSet) -> DocSet {
    if let records = state.withLock({ $0.entries[key]?.records }) { return records }
    let records = compute()
    store(key) { $0 = Entry(word: $0?.word ?? word, records: records, lastUse: 0) }
    return records
  }

  /// Whether the records of `key` are kept.
  func holdsRecords(_ key: Key) -> Bool {
    state.withLock { $0.entries[key]?.records != nil }
  }

  private func store(_ key: Key, _ update: (inout Entry?) -> Void) {
    state.withLock { state in
      state.clock += 1
      var entry = state.entries[key]
      update(&entry)
      entry?.lastUse = state.clock
      state.entries[key] = entry
      if state.entries.count > Self.capacity,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
      {
        state.entries[oldest] = nil
      }
    }
  }
}

import InstantSearchModel

extension LocalIndex {
  /// The index's synonyms, in order.
  public var synonyms: [Synonym] { settings.synonyms }

  /// Saves synonyms: each replaces the entry with its `objectID` (keeping its place) or is added at the
  /// end; with `replaceExistingSynonyms`, the synonyms become exactly `synonyms`. Nothing is re-indexed.
  public func saveSynonyms(_ synonyms: [Synonym], replaceExistingSynonyms: Bool = false) {
    save(synonyms, replacingAll: replaceExistingSynonyms, in: \.synonyms)
  }

  /// Deletes the synonym with `objectID`; `false` when there is none.
  @discardableResult
  public func deleteSynonym(objectID: String) -> Bool {
    delete(objectID: objectID, in: \.synonyms)
  }

  /// Deletes every synonym.
  public func clearSynonyms() {
    saveSynonyms([], replaceExistingSynonyms: true)
  }
}

extension [Synonym] {
  /// The entries whose ID or words contain `text` (folded), of the given types (`synonym`,
  /// `onewaysynonym`, …) when given — what `POST /synonyms/search` answers.
  public func matching(_ text: String, types: Set<String> = []) -> [Synonym] {
    let wanted = TextTokens.fold(text)
    return filter { synonym in
      let type = (synonym.json["type"]?.stringValue ?? "synonym").lowercased()
      if !types.isEmpty, !types.contains(type) { return false }
      guard !wanted.isEmpty else { return true }
      let words: [String]
      switch synonym.kind {
      case .regular(let list): words = list
      case .oneWay(let input, let list): words = [input] + list
      case .alternativeCorrection(let word, let list, _): words = [word] + list
      case .placeholder(let token, let list): words = [token] + list
      }
      return ([synonym.objectID] + words).contains { TextTokens.fold($0).contains(wanted) }
    }
  }
}

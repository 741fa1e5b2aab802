import InstantSearchModel

extension LocalIndex {
  /// The index's query rules, in order.
  public var rules: [QueryRule] { settings.rules }

  /// Saves rules: each replaces the rule with its `objectID` (keeping its place) or is added at the end;
  /// with `clearExistingRules`, the rules become exactly `rules`. Nothing is re-indexed.
  public func saveRules(_ rules: [QueryRule], clearExistingRules: Bool = false) {
    save(rules, replacingAll: clearExistingRules, in: \.rules)
  }

  /// Deletes the rule with `objectID`; `false` when there is none.
  @discardableResult
  public func deleteRule(objectID: String) -> Bool {
    delete(objectID: objectID, in: \.rules)
  }

  /// Deletes every rule.
  public func clearRules() {
    saveRules([], clearExistingRules: true)
  }

}

/// An entry of an index's list kept by `objectID` (a rule, a synonym).
public protocol ObjectIdentified: Sendable {
  /// The entry's ID.
  var objectID: String { get }
}

extension QueryRule: ObjectIdentified {}
extension Synonym: ObjectIdentified {}

extension LocalIndex {
  /// Saves `entries` into the settings' list at `list` (see ``merging(_:into:)``), or makes them the whole
  /// list, under the writer lock.
  func save<Entry: ObjectIdentified>(
    _ entries: [Entry], replacingAll: Bool, in list: WritableKeyPath<IndexSettings, [Entry]>
  ) {
    rewriteSettings { settings in
      var next = settings
      next[keyPath: list] = Self.merging(entries, into: replacingAll ? [] : settings[keyPath: list])
      return next
    }
  }

  /// Deletes the entry with `objectID` from the settings' list at `list`; `false` when there is none.
  func delete<Entry: ObjectIdentified>(objectID: String, in list: WritableKeyPath<IndexSettings, [Entry]>) -> Bool {
    var found = false
    rewriteSettings { settings in
      var next = settings
      found = next[keyPath: list].contains { $0.objectID == objectID }
      next[keyPath: list].removeAll { $0.objectID == objectID }
      return next
    }
    return found
  }

  /// `existing` with each of `entries` replacing the one with its `objectID` in place, or appended.
  public static func merging<Entry: ObjectIdentified>(_ entries: [Entry], into existing: [Entry]) -> [Entry] {
    var result = existing
    for entry in entries {
      if let index = result.firstIndex(where: { $0.objectID == entry.objectID }) {
        result[index] = entry
      } else {
        result.append(entry)
      }
    }
    return result
  }
}

extension [QueryRule] {
  /// The rules whose ID, description or condition patterns contain `text` (folded), with the given
  /// anchoring and context when given — what `POST /rules/search` answers.
  public func matching(
    _ text: String, anchoring: QueryRule.Anchoring? = nil, context: String? = nil, enabled: Bool? = nil
  ) -> [QueryRule] {
    let wanted = TextTokens.fold(text)
    return filter { rule in
      if let enabled, rule.enabled != enabled { return false }
      if let anchoring, !rule.conditions.contains(where: { $0.anchoring == anchoring && $0.pattern != nil }) {
        return false
      }
      if let context, !rule.conditions.contains(where: { $0.context == context }) { return false }
      guard !wanted.isEmpty else { return true }
      let texts =
        [rule.objectID, rule.json["description"]?.stringValue ?? ""] + rule.conditions.compactMap(\.pattern)
      return texts.contains { TextTokens.fold($0).contains(wanted) }
    }
  }
}

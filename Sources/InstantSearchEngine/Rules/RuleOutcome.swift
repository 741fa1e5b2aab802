import InstantSearchModel

/// The query rules a search applies and what they change, chosen as Algolia documents its rule matching:
/// every active rule with a condition that holds is a candidate; candidates are ordered by precedence (the
/// match nearest the start of the query, then the longest — words and filters —, then the anchoring,
/// `is` > `startsWith` > `endsWith` > `contains`, then a rule with a context, then one with filters, then
/// the order of the rules); a candidate whose matched words overlap those of a rule before it is left out.
///
/// The applied rules' consequences combine in that order: their `filters` (and `facetFilters`,
/// `numericFilters`, `tagFilters`) are ANDed with the search's; any other parameter is the first rule's
/// that sets it, replacing the search's; query edits all apply; promotions take their positions in order
/// (a position already taken goes to the next free one); hidden records are all hidden; `userData` are
/// collected; the first `renderingContent` replaces the index's.
struct RuleOutcome {
  /// The search to run.
  var query: Query
  /// The applied rules, by precedence.
  var applied: [QueryRule] = []
  /// For each applied rule, the facet values its `{facet:attr}` placeholders matched, by attribute.
  var captures: [[String: String]] = []
  /// Promoted records and their positions, by precedence.
  var promotions: [(objectID: String, position: Int)] = []
  /// Whether promoted records must match the search's filters.
  var filterPromotes = false
  /// Records to leave out.
  var hidden: Set<String> = []
  /// The rules' custom data, in order.
  var userData: [JSON] = []
  /// How to show the results, when a rule says.
  var renderingContent: RenderingContent?
  /// How the query, the patterns and the edits are read into words: the index's analysis.
  var analysis = TextAnalysis.standard

  /// What `rules` make of `query` at `time` (Unix seconds); the query as it is when rules are off
  /// (`enableRules: false`) or none applies.
  ///
  /// - Throws: ``EngineError`` when a condition's or a consequence's filters do not read.
  ///
  /// `facetValues` gives the values a `{facet:attr}` placeholder can match (the index's values of `attr`).
  /// `settings` decide what `alternatives: true` patterns also match: the synonyms of a word and the
  /// words within its typo budget; `pluralForms` gives a word's plural and singular forms in languages
  /// (the application's dictionaries' custom entries with the standard ones).
  static func evaluate(
    _ rules: [QueryRule], query: Query, time: Double, settings: IndexSettings = IndexSettings(),
    pluralForms: (String, [String]) -> [String] = PluralForms.forms(of:languages:),
    facetValues: (String) -> [String] = { _ in [] }
  ) throws(EngineError) -> RuleOutcome {
    var outcome = RuleOutcome(query: query)
    let analysis = settings.textAnalysis
    outcome.analysis = analysis
    guard !rules.isEmpty, query.enableRules != false else { return outcome }
    let words = analysis.words(of: query.query ?? "")
    // A pattern's alternatives include its plurals (Algolia's `alternatives: true`), in the query's
    // languages, else the index's, else every language with plural rules.
    let pluralLanguages =
      LanguageData.languages(
        of: .enabled(true), query: query, indexLanguages: settings.indexLanguages, every: PluralForms.languages) ?? []
    let contexts = Set(query.ruleContexts ?? [])
    let filters = Set(try LegacyFilterParser.clauses(of: query).flatMap { $0 })
    var known: [String: [RuleMatch.FacetValue]] = [:]
    let values = { (attribute: String) -> [RuleMatch.FacetValue] in
      if let cached = known[attribute] { return cached }
      let found = facetValues(attribute).map { RuleMatch.FacetValue(key: $0, words: analysis.words(of: $0)) }
      known[attribute] = found
      return found
    }
    var candidates: [(rule: QueryRule, match: RuleMatch)] = []
    for (order, rule) in rules.enumerated() where rule.isActive(at: time) {
      var best: RuleMatch?
      for condition in rule.conditions {
        guard
          let match = try RuleMatch(
            condition, words: words, contexts: contexts, filters: filters, order: order, analysis: analysis,
            facetValues: values,
            similar: {
              Self.isAlternative(
                $0, of: $1, settings: settings, pluralLanguages: pluralLanguages, pluralForms: pluralForms)
            })
        else { continue }
        if best.map({ match.precedes($0) }) ?? true { best = match }
      }
      if rule.conditions.isEmpty { best = RuleMatch(conditionless: order) }
      if let best { candidates.append((rule, best)) }
    }
    candidates.sort { $0.match.precedes($1.match) }
    var taken: [Range<Int>] = []
    for (rule, match) in candidates {
      if let range = match.words {
        guard !taken.contains(where: { $0.overlaps(range) }) else { continue }
        taken.append(range)
      }
      outcome.applied.append(rule)
      outcome.captures.append(match.captures)
    }
    try outcome.applyConsequences()
    return outcome
  }

  /// Applies the consequences of ``applied`` to ``query`` and the other members.
  private mutating func applyConsequences() throws(EngineError) {
    guard !applied.isEmpty else { return }
    var object = query.jsonObject
    var set: Set<String> = []
    var text = query.query ?? ""
    var replaced = false
    var positions: Set<Int> = []
    var promotedIDs: Set<String> = []
    var disjunctive: [String: [String]] = [:]
    for (rule, captured) in zip(applied, captures) {
      for filter in rule.automaticFacetFilters {
        guard let value = captured[filter.facet] else { continue }
        let term = "\(filter.facet):\(filter.negative ? "-" : "")\(value)"
        if filter.disjunctive {
          disjunctive[filter.facet, default: []].append(term)
        } else {
          object["facetFilters"] = .array((object["facetFilters"]?.arrayValue ?? []) + [.string(term)])
        }
      }
      for filter in rule.automaticOptionalFacetFilters {
        guard let value = captured[filter.facet] else { continue }
        let term =
          "\(filter.facet):\(filter.negative ? "-" : "")\(value)" + (filter.score.map { "<score=\($0)>" } ?? "")
        object["optionalFilters"] = .array((object["optionalFilters"]?.arrayValue ?? []) + [.string(term)])
      }
      for (key, value) in rule.params {
        switch key {
        case "filters":
          guard let extra = value.stringValue, !extra.isEmpty else { continue }
          let current = object["filters"]?.stringValue ?? ""
          object["filters"] = .string(current.isEmpty ? "(\(extra))" : "(\(current)) AND (\(extra))")
        case "facetFilters", "numericFilters", "tagFilters", "optionalFilters":
          let mine = object[key].map { $0.arrayValue ?? [$0] } ?? []
          object[key] = .array(mine + (value.arrayValue ?? [value]))
        default:
          guard set.insert(key).inserted else { continue }
          object[key] = value
        }
      }
      if let replacement = rule.replacementQuery, !replaced {
        text = replacement
        replaced = true
      }
      for edit in rule.edits { text = Self.apply(Self.filling(edit, with: captured), to: text, analysis: analysis) }
      for promotion in rule.promotions {
        for (offset, id) in promotion.objectIDs.enumerated() where promotedIDs.insert(id).inserted {
          var position = promotion.position + offset
          while positions.contains(position) { position += 1 }
          positions.insert(position)
          promotions.append((id, position))
        }
      }
      filterPromotes = filterPromotes || rule.filterPromotes
      hidden.formUnion(rule.hidden)
      if let data = rule.userData { userData.append(data) }
      if renderingContent == nil { renderingContent = rule.renderingContent }
    }
    for (_, terms) in disjunctive.sorted(by: { $0.key < $1.key }) {
      object["facetFilters"] = .array((object["facetFilters"]?.arrayValue ?? []) + [.array(terms.map(JSON.string))])
    }
    object["query"] = .string(text)
    do {
      query = try Query(jsonObject: object)
    } catch {
      throw .invalidParameter("a query rule's params: \(error)")
    }
  }

  /// Whether the query word `word` stands for the pattern word `pattern` as an alternative: a synonym of it,
  /// one of its plural or singular forms in `pluralLanguages`, or within its typo budget (by its length, as
  /// query words are).
  static func isAlternative(
    _ word: String, of pattern: String, settings: IndexSettings, pluralLanguages: [String] = [],
    pluralForms: (String, [String]) -> [String] = PluralForms.forms(of:languages:)
  ) -> Bool {
    if settings.synonymTable.alternatives(of: pattern).contains(where: { $0.word == word }) { return true }
    if !pluralLanguages.isEmpty && pluralForms(pattern, pluralLanguages).contains(word) { return true }
    let budget = QueryWord.allowedTypos(
      length: pattern.count, oneTypo: settings.minWordSizefor1Typo, twoTypos: settings.minWordSizefor2Typos)
    guard budget > 0 else { return false }
    return QueryWord.distance(Array(word.utf8), Array(pattern.utf8), limit: budget, prefix: false) != nil
  }

  /// `edit` with its `{facet:attr}` placeholders replaced by the values they matched.
  static func filling(_ edit: QueryRule.Edit, with captured: [String: String]) -> QueryRule.Edit {
    guard !captured.isEmpty else { return edit }
    func fill(_ text: String) -> String {
      captured.reduce(text) { $0.replacingOccurrences(of: "{facet:\($1.key)}", with: $1.value) }
    }
    switch edit {
    case .remove(let delete): return .remove(fill(delete))
    case .replace(let delete, let insert): return .replace(fill(delete), with: fill(insert))
    }
  }

  /// `text` with one edit: the edit's words, wherever they appear in a row, removed or replaced.
  static func apply(_ edit: QueryRule.Edit, to text: String, analysis: TextAnalysis = .standard) -> String {
    let words = analysis.words(of: text)
    let (target, insert): ([String], [String])
    switch edit {
    case .remove(let delete): (target, insert) = (analysis.words(of: delete), [])
    case .replace(let delete, let with): (target, insert) = (analysis.words(of: delete), analysis.words(of: with))
    }
    guard !target.isEmpty, words.count >= target.count else { return text }
    var result: [String] = []
    var index = 0
    while index < words.count {
      if index + target.count <= words.count, Array(words[index..<index + target.count]) == target {
        result += insert
        index += target.count
      } else {
        result.append(words[index])
        index += 1
      }
    }
    return result.joined(separator: " ")
  }
}

import InstantSearchModel

extension SearchExecutor {
  /// The hit object of `doc`: retrieved attributes, `objectID` and `_highlightResult`.
  func hitObject(_ doc: Int, highlighter: Highlighter) -> [String: JSON] {
    let record = snapshot.hitRecord(doc)
    let settings = snapshot.settings
    // Left out of the hit, its highlights and snippets, unless the searcher may see them.
    let hidden = seesUnretrievableAttributes ? [] : settings.unretrievableAttributes
    var highlighted = highlightedPaths()
    if highlighted.contains("*") {
      // Every attribute of the record (Algolia's `*`), those named beside it included once.
      let every = record.keys.filter { $0 != "objectID" && !$0.hasPrefix("_") }.sorted()
      highlighted = every + highlighted.filter { $0 != "*" && !every.contains($0) }
    }
    var highlights: [String: JSON] = [:]
    highlights.reserveCapacity(highlighted.count)
    for path in highlighted where !hidden.contains(path) {
      let highlighter = highlighter.forAttribute(path)
      let isTopLevel = !path.utf8.contains(UInt8(ascii: "."))
      // With query words, a stored text is highlighted from its tokens rather than tokenized again.
      if isTopLevel, !highlighter.words.isEmpty, let stored = snapshot.storedText(doc, attribute: path) {
        switch stored {
        case .text(let ids): highlights[path] = .object(highlighter.leaf(tokenIDs: ids))
        case .texts(let elements): highlights[path] = .array(elements.map { .object(highlighter.leaf(tokenIDs: $0)) })
        }
        continue
      }
      let value = isTopLevel ? record[path] : JSON.object(record).value(atPath: path)
      let scope = settings.textAnalysis.scope(ofPath: path)
      guard let value, let result = highlighter.highlight(value, scope: scope) else { continue }
      Self.place(result, at: path, in: &highlights)
    }
    let retrieve = query.attributesToRetrieve ?? settings.attributesToRetrieve ?? ["*"]
    var object: [String: JSON]
    if retrieve.contains("*") {
      // The record itself becomes the hit: its dictionary is copied only when the hit adds a member.
      object = record
      // `-attr` beside `*` leaves an attribute out (Algolia's exclusion; objectID always stays).
      for excluded in retrieve where excluded.hasPrefix("-") && excluded != "-objectID" {
        object[String(excluded.dropFirst())] = nil
      }
    } else {
      object = [:]
      for attribute in retrieve where !attribute.hasPrefix("-") {
        let top = String(attribute.split(separator: ".").first ?? Substring(attribute))
        if let value = record[top] { object[top] = value }
      }
    }
    var snippets = snippetResult(record, highlighter: highlighter, hidden: hidden)
    if query.restrictHighlightAndSnippetArrays == true {
      highlights = highlights.compactMapValues(Self.matchingElements)
      snippets = snippets.compactMapValues(Self.matchingElements)
    }
    for attribute in hidden where object[attribute] != nil { object[attribute] = nil }
    if object["objectID"] == nil { object["objectID"] = record["objectID"] }
    if !highlights.isEmpty { object["_highlightResult"] = .object(highlights) }
    if !snippets.isEmpty { object["_snippetResult"] = .object(snippets) }
    return object
  }

  /// The `_snippetResult` members of `record` for the query's (or the settings') `attributesToSnippet`:
  /// `attr` (10 words) or `attr:N`, `*` for every attribute; unretrievable attributes are never snippeted.
  private func snippetResult(_ record: [String: JSON], highlighter: Highlighter, hidden: [String]) -> [String: JSON] {
    let settings = snapshot.settings
    guard let entries = query.attributesToSnippet ?? settings.attributesToSnippet, !entries.isEmpty else { return [:] }
    let ellipsis = query.snippetEllipsisText ?? settings.snippetEllipsisText
    var snippets: [String: JSON] = [:]
    for entry in entries {
      var path = entry
      var count = 10
      if let colon = entry.lastIndex(of: ":"), let words = Int(entry[entry.index(after: colon)...]) {
        path = String(entry[..<colon])
        count = min(max(words, 0), SearchLimits.maximumSnippetWords)
      }
      let paths =
        path == "*" ? record.keys.filter { $0 != "objectID" && !$0.hasPrefix("_") }.sorted() : [path]
      for path in paths where !hidden.contains(path) {
        let isTopLevel = !path.utf8.contains(UInt8(ascii: "."))
        let value = isTopLevel ? record[path] : JSON.object(record).value(atPath: path)
        let highlighter = highlighter.forAttribute(path)
        let scope = settings.textAnalysis.scope(ofPath: path)
        guard let value, let snippet = highlighter.snippet(value, wordCount: count, ellipsis: ellipsis, scope: scope)
        else {
          continue
        }
        Self.place(snippet, at: path, in: &snippets)
      }
    }
    return snippets
  }

  /// A highlight or snippet with only the array elements that match the query
  /// (`restrictHighlightAndSnippetArrays`): a leaf matches unless its `matchLevel` is `none`, an object or
  /// array when one of its leaves does. `nil` when nothing in `value` matches and it sits in an array.
  static func matchingElements(_ value: JSON) -> JSON? {
    switch value {
    case .array(let elements):
      return .array(elements.filter(matches).compactMap(matchingElements))
    case .object(let members) where members["matchLevel"] == nil:
      return .object(members.compactMapValues(matchingElements))
    default:
      return value
    }
  }

  /// Whether a highlight or snippet holds a leaf that matches the query.
  private static func matches(_ value: JSON) -> Bool {
    switch value {
    case .object(let members):
      if let level = members["matchLevel"] { return level != "none" }
      return members.values.contains(where: matches)
    case .array(let elements): return elements.contains(where: matches)
    default: return false
    }
  }

  /// Puts `value` at the dotted `path` of `object` as Algolia nests it (`hierarchy.lvl1` under
  /// `hierarchy`, then `lvl1`), making or extending the objects on the way; a top-level path is one key.
  static func place(_ value: JSON, at path: String, in object: inout [String: JSON]) {
    // Found among the bytes, as `hitObject(_:highlighter:)` tells a dotted path: a search by `Character`
    // cut the path into grapheme clusters, a tenth of a small query's hits.
    guard let dot = path.utf8.firstIndex(of: UInt8(ascii: ".")) else {
      object[path] = value
      return
    }
    let head = String(path[..<dot])
    var inner = object[head]?.objectValue ?? [:]
    place(value, at: String(path[path.utf8.index(after: dot)...]), in: &inner)
    object[head] = .object(inner)
  }

  /// The attributes the query highlights: its `attributesToHighlight`, else the settings', else the
  /// top-level searchable attributes (`*` and dotted paths as given).
  func highlightedPaths() -> [String] {
    query.attributesToHighlight ?? snapshot.settings.attributesToHighlight ?? searchablePaths()
  }

  private func searchablePaths() -> [String] {
    if snapshot.settings.searchableAttributes.isEmpty {
      return snapshot.searchableNodes.keys.sorted().map { snapshot.trie.paths[$0] }.filter {
        !$0.utf8.contains(UInt8(ascii: "."))
      }
    }
    return snapshot.settings.searchableAttributes.map(\.path)
  }
}

/// The minimum, maximum, sum and count of some numbers, combined across segments into `FacetStats`.
struct NumberStatistics {
  var minimum = Double.infinity
  var maximum = -Double.infinity
  var sum = 0.0
  var count = 0

  mutating func add(_ value: Double) {
    minimum = min(minimum, value)
    maximum = max(maximum, value)
    sum += value
    count += 1
  }

  mutating func add(_ other: NumberStatistics) {
    minimum = min(minimum, other.minimum)
    maximum = max(maximum, other.maximum)
    sum += other.sum
    count += other.count
  }

  /// The facet statistics, `nil` without numbers.
  var stats: FacetStats? {
    count > 0 ? FacetStats(min: minimum, max: maximum, avg: sum / Double(count), sum: sum) : nil
  }
}

/// Byte-wise string order for facet values.
enum UTF8Ordering {
  static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

import InstantSearchModel

/// Hits written straight from their packed records as JSON text, for a server that only writes them out:
/// the members ``SearchExecutor/hitObject(_:highlighter:)`` gives, without building a dictionary of the
/// record, of each highlight, of the hit, nor writing those dictionaries again.
extension SearchExecutor {
  /// What every hit of this query shows, worked out once per part: the record members written (by key
  /// id) and the attributes highlighted.
  struct HitTextPlan {
    /// Whether every member is shown but those of ``listed`` (`attributesToRetrieve` with `*`), or only those.
    let showsAllBut: Bool
    /// Key ids of the members left out (``showsAllBut``) or shown; `objectID` is always shown.
    let listed: [UInt32]
    /// The attributes highlighted, in order, each once: path, key id and camel-case scope.
    let highlighted: [(path: String, key: UInt32, scope: TextAnalysis.CamelCaseScope)]

    /// Whether the member with key id `key` is written.
    func shows(_ key: UInt32) -> Bool {
      showsAllBut != listed.contains(key)
    }
  }

  /// The plan of this query's hits as text, or `nil` when it asks for what only the object path does:
  /// snippets, `restrictHighlightAndSnippetArrays`, highlighting of nested paths or of `*`, or records with
  /// a repeated key or a member named like one the hit adds (`_highlightResult`, `_snippetResult`,
  /// `_rankingInfo`).
  func hitTextPlan() -> HitTextPlan? {
    let settings = snapshot.settings
    let keys = snapshot.codec.keys
    guard query.restrictHighlightAndSnippetArrays != true, !snapshot.hasRepeatedRootKeys else { return nil }
    if let snippets = query.attributesToSnippet ?? settings.attributesToSnippet, !snippets.isEmpty { return nil }
    for added in ["_highlightResult", "_snippetResult", "_rankingInfo"] where keys.lookup(added) != nil { return nil }
    let paths = highlightedPaths()
    guard !paths.contains(where: { $0 == "*" || $0.utf8.contains(UInt8(ascii: ".")) }) else { return nil }
    let hidden = Set(seesUnretrievableAttributes ? [] : settings.unretrievableAttributes)
    var highlighted: [(path: String, key: UInt32, scope: TextAnalysis.CamelCaseScope)] = []
    for path in paths where !hidden.contains(path) && !highlighted.contains(where: { $0.path == path }) {
      // A name no record has is never highlighted.
      guard let key = keys.lookup(path) else { continue }
      highlighted.append((path, key, settings.textAnalysis.scope(ofPath: path)))
    }
    let retrieve = query.attributesToRetrieve ?? settings.attributesToRetrieve ?? ["*"]
    let showsAllBut = retrieve.contains("*")
    var names: Set<String>
    if showsAllBut {
      // `-attr` beside `*` leaves an attribute out, as the unretrievable ones; objectID always stays.
      names = Set(retrieve.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }).union(hidden)
      names.remove("objectID")
    } else {
      // A dotted attribute shows its top-level member whole.
      names = Set(
        retrieve.filter { !$0.hasPrefix("-") }.map { String($0.split(separator: ".").first ?? Substring($0)) })
      names.subtract(hidden)
      names.insert("objectID")
    }
    return HitTextPlan(
      showsAllBut: showsAllBut, listed: names.compactMap { keys.lookup($0) }, highlighted: highlighted)
  }

  /// Appends hit `doc` as compact JSON text — its shown members in the record's order, then
  /// `_highlightResult` and `rankingInfo` (as `_rankingInfo`) — and returns its objectID. `nil`, with
  /// nothing appended, when the record has no text objectID: the object path reports it.
  func appendHitText(
    _ doc: Int, plan: HitTextPlan, highlighter: Highlighter, rankingInfo: JSON?, to output: inout [UInt8]
  ) -> String? {
    let objectID: String
    if plan.showsAllBut, plan.listed.isEmpty {
      // The whole record: its text as recently written, else written now and kept.
      let record = snapshot.recordTextCache.value(doc) { snapshot.recordText(doc) }
      guard let id = record.objectID else { return nil }
      objectID = id
      output += record.open
    } else {
      guard let id = snapshot.objectID(doc) else { return nil }
      objectID = id
      appendShownMembers(doc, plan: plan, to: &output)
    }
    // The record has a member (its objectID) before these.
    var opened = false
    for attribute in plan.highlighted {
      let highlighter = highlighter.forAttribute(attribute.path)
      var highlight: [UInt8] = []
      // With query words, a stored text is highlighted from its tokens rather than tokenized again.
      switch highlighter.words.isEmpty ? nil : snapshot.storedText(doc, key: attribute.key) {
      case .text(let ids)?: highlighter.appendLeaf(tokenIDs: ids, to: &highlight)
      case .texts(let elements)?:
        highlight.append(UInt8(ascii: "["))
        for (index, ids) in elements.enumerated() {
          if index > 0 { highlight.append(UInt8(ascii: ",")) }
          highlighter.appendLeaf(tokenIDs: ids, to: &highlight)
        }
        highlight.append(UInt8(ascii: "]"))
      case nil:
        guard let value = snapshot.memberValue(doc, key: attribute.key),
          let result = highlighter.highlight(value, scope: attribute.scope)
        else { continue }
        result.appendText(to: &highlight)
      }
      output.append(contentsOf: (opened ? "," : #","_highlightResult":{"#).utf8)
      opened = true
      JSON.string(attribute.path).appendText(to: &output)
      output.append(UInt8(ascii: ":"))
      output += highlight
    }
    if opened { output.append(UInt8(ascii: "}")) }
    if let rankingInfo {
      output.append(contentsOf: #","_rankingInfo":"#.utf8)
      rankingInfo.appendText(to: &output)
    }
    output.append(UInt8(ascii: "}"))
    return objectID
  }

  /// Appends `{` and the members of record `doc` that `plan` shows, in the record's order.
  private func appendShownMembers(_ doc: Int, plan: HitTextPlan, to output: inout [UInt8]) {
    let codec = snapshot.codec
    output.append(UInt8(ascii: "{"))
    snapshot.withRecord(doc) { bytes in
      var reader = PackedReader(bytes)
      guard reader.byte() == PackedTag.object.rawValue else { return }
      var first = true
      while let key = reader.nextKey() {
        guard plan.shows(key) else {
          reader.skipValue()
          continue
        }
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.append(UInt8(ascii: "\""))
        PackedCodec.appendEscaped(codec.keys.bytes(key), to: &output)
        output.append(contentsOf: "\":".utf8)
        codec.appendValue(&reader, to: &output)
      }
    }
  }
}

extension Filters: CustomStringConvertible, CustomDebugStringConvertible {
  /// The `filters` string for Algolia's `filters` search parameter; `""` when there are no filters.
  ///
  /// Each group is parenthesised with single spaces inside, its filters joined by ` AND ` (conjunctive
  /// groups) or ` OR ` (disjunctive groups); groups are joined by ` AND `:
  /// `( "category":"shirts" ) AND ( "color":"blue" OR "color":"red" )`.
  public var sql: String {
    UTF8Writer.makeString(capacity: renderedByteCount) { writer in
      var isFirst = true
      forEachGroupInOrder { id, content, precomputed in
        if !isFirst { writer.write(" AND ") }
        isFirst = false
        if let precomputed {
          writer.write(precomputed)
        } else {
          content.writeSQL(separator: GroupContent.separator(for: id), to: &writer)
        }
      }
    }
  }

  /// The same as ``sql``.
  public var description: String { sql }

  /// One line per group, `Filters {` … `}`; `Filters {}` when empty.
  public var debugDescription: String { debugDescription(title: "Filters") }

  /// The groups in rendering order, as values.
  public func toFilterGroups() -> [FilterGroup] {
    orderedContents().map { FilterGroup(id: $0.id, filters: $0.content.filters) }
  }

  /// `title {` and one line per group, ` "name": ( … )`, then `}`; `title {}` when empty.
  package func debugDescription(title: String) -> String {
    guard !isEmpty else { return "\(title) {}" }
    var output = "\(title) {\n"
    forEachGroupInOrder { id, content, precomputed in
      output.append(" ")
      FilterSQL.appendQuoted(id.name, to: &output)
      output.append(": ")
      output.append(precomputed ?? content.sql(separator: GroupContent.separator(for: id)))
      output.append("\n")
    }
    output.append("}")
    return output
  }

  /// The exact length in bytes of ``sql``.
  private var renderedByteCount: Int {
    var total = 0
    for (id, content) in zip(orderedIDs, groupContents) {
      total += content.textByteCount + (content.count - 1) * GroupContent.separator(for: id).utf8.count + 4
    }
    return total + max(orderedIDs.count - 1, 0) * 5
  }
}

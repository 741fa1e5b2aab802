/// The filters of one group, kept sorted by their rendered text so that rendering is a plain join.
///
/// Two filters are the same member of a group when they render the same text: what is sent is what
/// counts, so a tag `sale` and a facet filter on `_tags` with the value `sale` are one filter. Entries are
/// ordered by the UTF-8 bytes of their text, so equal content always has equal entries, whatever the
/// order of insertion, and reading a rendered string back gives the same members.
package struct GroupContent: Hashable, Sendable {
  /// A filter with its cached `filters` text.
  package struct Entry: Hashable, Sendable {
    let text: String
    let filter: Filter
  }

  private(set) var entries: [Entry] = []
  /// Sum of the UTF-8 lengths of the entries' texts, to size rendering buffers.
  private(set) var textByteCount = 0

  package var isEmpty: Bool { entries.isEmpty }
  package var count: Int { entries.count }
  package var filters: [Filter] { entries.map(\.filter) }

  /// Where an entry with `text` is, or would be inserted.
  package func position(of text: String) -> (index: Int, found: Bool) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let entry = entries[middle]
      let order = UTF8Order.compare(entry.text, text)
      if order == 0 { return (middle, true) }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return (low, false)
  }

  package func contains(text: String) -> Bool {
    position(of: text).found
  }

  /// Inserts the filter unless present. Returns whether the content changed.
  package mutating func insert(_ filter: Filter, text: String) -> Bool {
    let (index, found) = position(of: text)
    if found { return false }
    entries.insert(Entry(text: text, filter: filter), at: index)
    textByteCount += text.utf8.count
    return true
  }

  /// Removes the filter if present. Returns whether the content changed.
  package mutating func remove(text: String) -> Bool {
    let (index, found) = position(of: text)
    guard found else { return false }
    textByteCount -= entries[index].text.utf8.count
    entries.remove(at: index)
    return true
  }

  /// Removes every filter matching `predicate`. Returns whether the content changed.
  package mutating func removeAll(where predicate: (Filter) -> Bool) -> Bool {
    // Checked first so that a group with nothing to remove is not copied.
    guard entries.contains(where: { predicate($0.filter) }) else { return false }
    let before = entries.count
    entries.removeAll { predicate($0.filter) }
    guard entries.count != before else { return false }
    textByteCount = entries.reduce(0) { $0 + $1.text.utf8.count }
    return true
  }

  /// The separator between filters of a group of this type.
  package static func separator(for id: FilterGroup.ID) -> String {
    id.isDisjunctive ? " OR " : " AND "
  }

  /// Writes `( f1 SEP f2 … )` to `writer`.
  package func writeSQL(separator: String, to writer: inout UTF8Writer) {
    writer.write("( ")
    var isFirst = true
    for entry in entries {
      if !isFirst { writer.write(separator) }
      writer.write(entry.text)
      isFirst = false
    }
    writer.write(" )")
  }

  /// `( f1 SEP f2 … )`.
  package func sql(separator: String) -> String {
    let capacity = textByteCount + max(count - 1, 0) * separator.utf8.count + 4
    return UTF8Writer.makeString(capacity: capacity) { writeSQL(separator: separator, to: &$0) }
  }
}

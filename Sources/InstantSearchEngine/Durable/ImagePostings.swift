/// A snapshot's posting lists in the form its segment image stores them (bit-packed; dense sets as
/// lists), made before any of them is written.
///
/// Packing them is most of the work of writing the columns after the records; made at once, while the
/// records' thread copies them into the file (``ImageReservation``), it overlaps that copy instead of
/// waiting for it (writes to one file take turns: the file system locks it for each). The text index's
/// lists are packed on a thread of their own, started first, while the caller packs the facets' and
/// writes the columns before the text: at a million records the text's lists took 125 ms, the facets'
/// 55, the columns before the text 50, each of them on one core before.
struct ImagePostings: Sendable {
  /// The text index's lists.
  struct TextLists: Sendable {
    let postings: PostingLists
    let dense: PostingLists
    let leads: PostingLists?

    /// The lists of `text`; its postings packed when `packsText`.
    init(_ text: TextIndex, packsText: Bool) {
      postings = packsText ? text.postings.packed() : text.postings
      dense = text.dense.lists().packed()
      leads = text.leads?.records.packed()
    }
  }

  /// Each facet column's postings and dense sets, by path.
  let facets: [String: (postings: PostingLists, dense: PostingLists)]
  private let pendingText: OwnThreads.Pending<TextLists>

  /// The text index's lists, waiting for their thread to make them.
  var text: TextLists { pendingText.value }

  /// The lists of `snapshot`; its text postings packed when `packsText`.
  init(_ snapshot: IndexSnapshot, packsText: Bool) {
    pendingText = OwnThreads.Pending { TextLists(snapshot.text, packsText: packsText) }
    var facets: [String: (postings: PostingLists, dense: PostingLists)] = [:]
    for (path, column) in snapshot.facets {
      facets[path] = (column.postings.packed(), column.dense.lists().packed())
    }
    self.facets = facets
  }
}

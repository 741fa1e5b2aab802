/// A snapshot's posting lists in the form its segment image stores them (bit-packed; dense sets as
/// lists), made before any of them is written.
///
/// Packing them is most of the work of writing the columns after the records; made at once, while the
/// records' thread copies them into the file (``ImageReservation``), it overlaps that copy instead of
/// waiting for it (writes to one file take turns: the file system locks it for each).
struct ImagePostings: Sendable {
  /// Each facet column's postings and dense sets, by path.
  let facets: [String: (postings: PostingLists, dense: PostingLists)]
  let text: PostingLists
  let textDense: PostingLists
  let leads: PostingLists?

  /// The lists of `snapshot`; its text postings packed when `packsText`.
  init(_ snapshot: IndexSnapshot, packsText: Bool) {
    var facets: [String: (postings: PostingLists, dense: PostingLists)] = [:]
    for (path, column) in snapshot.facets {
      facets[path] = (column.postings.packed(), column.dense.lists().packed())
    }
    self.facets = facets
    text = packsText ? snapshot.text.postings.packed() : snapshot.text.postings
    textDense = snapshot.text.dense.lists().packed()
    leads = snapshot.text.leads?.records.packed()
  }
}

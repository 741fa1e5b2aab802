import InstantSearchModel

/// The ``TermSearch/Frontier``s of the words last typed in a snapshot's dictionary, so that the word
/// being typed is searched from where its previous keystroke's search stood ("crenvealf" resumes from
/// "crenveal") rather than from the root of the dictionary.
///
/// Only a search of a kept frontier's word with one byte added resumes from it; any other search (a first
/// keystroke, an edit in the middle of the word) walks the whole dictionary. Belongs to one snapshot (the
/// frontiers' term ids are its dictionary's); holds at most ``capacity`` frontiers, the oldest dropped
/// first.
final class TermFrontiers: Sendable {
  /// How many frontiers are kept (a few words typed in turn, by several users of one index).
  static let capacity = 8

  private let frontiers = Locked<[TermSearch.Frontier]>([])

  /// The runs of `search` among `terms` (this snapshot's), resumed from the frontier of its word less its
  /// last byte when one is kept; the frontier the search records is kept for the next keystroke.
  func runs(of search: TermSearch, in terms: SortedTerms) -> [TermRun] {
    let width = 2 * min(search.limit + 1, 200) + 1
    let previous = frontiers.withLock { kept in kept.last { $0.leads(to: search, width: width) } }
    let (runs, frontier) = search.runs(in: terms, resuming: previous)
    if let frontier {
      frontiers.withLock { kept in
        kept.removeAll {
          $0.query == frontier.query && $0.limit == frontier.limit && $0.isPrefix == frontier.isPrefix
        }
        kept.append(frontier)
        if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
      }
    }
    return runs
  }
}

extension TermSearch {
  /// Where a ``TermSearch`` walk stood at depth `query.count − limit`: the term prefixes of that length
  /// still within the budget, with their dynamic-programming columns, so that the search of the same
  /// query with one more byte (the next keystroke) starts from them instead of from the root.
  ///
  /// Why that depth: the cell of a prefix of `d` bytes at query position `j` is at least `|d − j|`, so
  /// a cell farther than `limit` from the diagonal is out of the budget whatever the bytes. Up to that
  /// depth, the position the added byte brings is that far, so the columns, the prunings (no cell within
  /// the budget) and the absence of any match (a match needs the last position) are the same for the
  /// query and for it with a byte added; what lies past the frontier is walked again, and the frontier
  /// one byte deeper is recorded for the keystroke after.
  struct Frontier: Sendable {
    /// The query, budget and mode the frontier was recorded for.
    let query: [UInt8]
    let isPrefix: Bool
    let limit: Int
    /// The length of the recorded prefixes (`< 1`: none is recorded).
    let depth: Int
    /// Per prefix, its terms `lowers[i]..<uppers[i]`, increasing.
    private(set) var lowers: [Int] = []
    private(set) var uppers: [Int] = []
    /// Per prefix, its columns `0...depth` (`width` cells each), then its column minimums.
    private(set) var columns: [UInt8] = []
    private(set) var minimums: [UInt8] = []
    private let width: Int

    /// An empty frontier for `search`'s walk with columns of `width` cells.
    init(search: TermSearch, width: Int) {
      query = search.query
      isPrefix = search.isPrefix
      limit = search.limit
      depth = search.query.count - ((width - 1) / 2 - 1)
      self.width = width
    }

    /// The number of prefixes.
    var count: Int { lowers.count }

    /// The terms of prefix `entry`.
    func terms(_ entry: Int) -> Range<Int> { lowers[entry]..<uppers[entry] }

    /// Whether `search` is this frontier's query with one byte added, the same budget and mode.
    func leads(to search: TermSearch, width: Int) -> Bool {
      depth >= 1 && search.limit == limit && search.isPrefix == isPrefix && self.width == width
        && search.query.count == query.count + 1 && search.query.starts(with: query)
    }

    /// Records the prefix of `terms` at `walk`'s current depth.
    mutating func record(_ terms: Range<Int>, walk: Walk) {
      lowers.append(terms.lowerBound)
      uppers.append(terms.upperBound)
      columns.append(contentsOf: walk.columns[0..<(depth + 1) * width])
      minimums.append(contentsOf: walk.minimum[0...depth])
    }

    /// Prefix `entry`'s columns and minimums.
    func state(_ entry: Int) -> (columns: ArraySlice<UInt8>, minimums: ArraySlice<UInt8>) {
      let size = (depth + 1) * width
      return (columns[entry * size..<(entry + 1) * size], minimums[entry * (depth + 1)..<(entry + 1) * (depth + 1)])
    }
  }
}

extension TermSearch.Walk {
  /// Puts the walk at the end of `frontier`'s prefix `entry`, whose bytes begin `path`: its columns and
  /// minimums as recorded, and no query-end cell within the budget on the way (the query is one byte
  /// longer than the frontier's, so its last position is more than the budget away from every column there).
  mutating func restore(_ frontier: TermSearch.Frontier, entry: Int, path: ArraySlice<UInt8>) {
    let depth = frontier.depth
    let (columns, minimums) = frontier.state(entry)
    self.columns = Array(columns)
    minimum = Array(minimums)
    best = [UInt8](repeating: infinity, count: depth + 1)
    self.path = Array(path.prefix(depth))
    penalty = self.path.first == query.first ? 0 : 1
  }
}

/// Consecutive terms (ids in ``SortedTerms`` order) that match a query word with the same number of typos.
struct TermRun: Sendable, Equatable {
  /// The first term of the run.
  var lower: UInt32
  /// The term after the last one.
  var upper: UInt32
  /// Typos spent, a different first letter included.
  var typos: UInt8

  var count: Int { Int(upper - lower) }
}

/// Finds the terms of a ``SortedTerms`` within a typo budget of a query word without measuring every term.
///
/// The terms are walked in byte order as the paths of a trie: the dynamic-programming column of a term
/// prefix is computed once and reused by every term that shares the prefix, and a prefix whose column has
/// no cell within the budget skips all the terms that start with it (found by galloping, not one by one).
/// Only a diagonal band of each column is kept, since a cell farther from the diagonal than the budget
/// cannot be within it. In prefix mode, once no longer term can do better than the best cell seen along
/// the path, every term under the prefix is one run, never listed term by term.
///
/// The distance is the restricted Damerau–Levenshtein distance (an adjacent transposition counts one), to
/// the whole term or, in prefix mode, to its closest prefix; a different first letter costs one more. It
/// is exactly ``QueryWord/distance(_:_:limit:prefix:)`` for every term, which the tests check on random
/// dictionaries.
struct TermSearch {
  let query: [UInt8]
  let isPrefix: Bool
  let limit: Int

  /// The runs of `terms` within `limit` typos of the query, in increasing order, adjacent runs with the
  /// same typos merged.
  func runs(in terms: SortedTerms) -> [TermRun] {
    runs(in: terms, resuming: nil).runs
  }

  /// ``runs(in:)``, and the ``Frontier`` the next keystroke's search (this query and one more byte) can
  /// resume from; with `previous` (the frontier of this query less its last byte, over the same terms),
  /// the walk starts from its prefixes instead of the root. A `previous` of another query is ignored.
  func runs(in terms: SortedTerms, resuming previous: Frontier?) -> (runs: [TermRun], frontier: Frontier?) {
    let n = query.count
    guard n > 0, terms.count > 0, limit >= 0 else { return ([], nil) }
    let infinity = UInt8(min(limit + 1, 200))
    let width = 2 * Int(infinity) + 1
    var output = Output(frontier: Frontier(search: self, width: width))
    if let previous, previous.leads(to: self, width: width) {
      for entry in 0..<previous.count {
        var walk = Walk(query: query, width: width, infinity: infinity, isPrefix: isPrefix)
        let range = previous.terms(entry)
        walk.restore(previous, entry: entry, path: terms.bytes(range.lowerBound))
        walkTerms(range, of: terms, walk: &walk, into: &output)
      }
    } else {
      var walk = Walk(query: query, width: width, infinity: infinity, isPrefix: isPrefix)
      walkTerms(0..<terms.count, of: terms, walk: &walk, into: &output)
    }
    return (output.runs, output.frontier.depth >= 1 ? output.frontier : nil)
  }

  /// What a walk produces: the runs, and the frontier it records.
  private struct Output {
    var runs: [TermRun] = []
    var frontier: Frontier

    mutating func append(_ lower: Int, _ upper: Int, _ typos: UInt8) {
      if let last = runs.last, Int(last.upper) == lower, last.typos == typos {
        runs[runs.count - 1].upper = UInt32(upper)
      } else {
        runs.append(TermRun(lower: UInt32(lower), upper: UInt32(upper), typos: typos))
      }
    }
  }

  /// Walks the terms of `range` (all sharing the bytes `walk` holds columns for), appending their runs and
  /// recording the prefixes of the frontier's depth that stay within the budget.
  private func walkTerms(_ range: Range<Int>, of terms: SortedTerms, walk: inout Walk, into output: inout Output) {
    let n = query.count
    let recordDepth = output.frontier.depth
    terms.arena.withUnsafeBufferPointer { arena in
      var index = range.lowerBound
      while index < range.upperBound {
        let start = Int(terms.starts[index])
        let term = UnsafeBufferPointer(rebasing: arena[start..<Int(terms.starts[index + 1])])
        guard !term.isEmpty else {
          index += 1
          continue
        }
        var depth = walk.reusableDepth(for: term)
        var skipTo: Int?
        while depth < term.count {
          walk.extend(depth: depth, with: term)
          depth += 1
          let allowed = limit - walk.penalty
          let bestHere = walk.best[depth]
          if Int(walk.minimum[depth]) > allowed {
            // No term under this prefix gets closer than what the path has already seen.
            let end = terms.endOfPrefix(UnsafeBufferPointer(rebasing: term[0..<depth]), from: index)
            if isPrefix, Int(bestHere) <= allowed { output.append(index, end, bestHere + UInt8(walk.penalty)) }
            skipTo = end
            break
          }
          if depth == recordDepth {
            // Within the budget so far, whatever the query's last byte: the next keystroke resumes here.
            let end = terms.endOfPrefix(UnsafeBufferPointer(rebasing: term[0..<depth]), from: index)
            output.frontier.record(index..<end, walk: walk)
          }
          if isPrefix, bestHere <= walk.minimum[depth] {
            // Every term under this prefix is as close as the prefix itself: one run.
            let end = terms.endOfPrefix(UnsafeBufferPointer(rebasing: term[0..<depth]), from: index)
            output.append(index, end, bestHere + UInt8(walk.penalty))
            skipTo = end
            break
          }
        }
        if let skipTo {
          walk.truncate(to: depth)
          index = skipTo
          continue
        }
        walk.truncate(to: depth)
        let typos = isPrefix ? walk.best[depth] : walk.cell(depth: depth, position: n)
        if Int(typos) <= limit - walk.penalty { output.append(index, index + 1, typos + UInt8(walk.penalty)) }
        index += 1
      }
    }
  }

  /// The dynamic-programming columns along the current trie path.
  struct Walk {
    let query: [UInt8]
    let width: Int
    let infinity: UInt8
    let isPrefix: Bool
    /// Column `d` (term prefix of `d` bytes) at `d * width`; band cell `b` is query position `d + b - infinity`.
    var columns: [UInt8]
    /// The smallest cell of each column, and the smallest last cell of columns `0...d` (prefix mode).
    var minimum: [UInt8]
    var best: [UInt8]
    /// The bytes of the current path, and how many of them have columns.
    var path: [UInt8] = []
    /// 1 when the path's first byte differs from the query's.
    var penalty = 0

    init(query: [UInt8], width: Int, infinity: UInt8, isPrefix: Bool) {
      self.query = query
      self.width = width
      self.infinity = infinity
      self.isPrefix = isPrefix
      columns = [UInt8](repeating: infinity, count: width)
      let center = Int(infinity)
      for band in 0..<width {
        let position = band - center
        if position >= 0, position <= query.count { columns[band] = UInt8(min(position, Int(infinity))) }
      }
      let last = UInt8(min(query.count, Int(infinity)))
      minimum = [0]
      best = [last]
    }

    /// The depth up to which the current columns serve `term` (their common prefix).
    func reusableDepth(for term: UnsafeBufferPointer<UInt8>) -> Int {
      var depth = 0
      let limit = min(path.count, term.count)
      while depth < limit, path[depth] == term[depth] { depth += 1 }
      return depth
    }

    /// Keeps the first `depth` bytes of the path.
    mutating func truncate(to depth: Int) {
      if path.count > depth { path.removeLast(path.count - depth) }
    }

    /// The cell of column `depth` at query position `position` (`infinity` outside the band).
    func cell(depth: Int, position: Int) -> UInt8 {
      let band = position - depth + Int(infinity)
      guard band >= 0, band < width else { return infinity }
      return columns[depth * width + band]
    }

    /// Computes column `depth + 1` from the term's byte at `depth`.
    mutating func extend(depth: Int, with term: UnsafeBufferPointer<UInt8>) {
      truncate(to: depth)
      path.append(term[depth])
      if depth == 0 { penalty = term[0] == query[0] ? 0 : 1 }
      let column = depth + 1
      let needed = (column + 1) * width
      if columns.count < needed { columns.append(contentsOf: repeatElement(infinity, count: needed - columns.count)) }
      if minimum.count <= column {
        minimum.append(0)
        best.append(0)
      }
      let byte = term[depth]
      let previousByte: UInt8? = depth > 0 ? term[depth - 1] : nil
      let n = query.count
      let center = Int(infinity)
      var columnMinimum = infinity
      query.withUnsafeBufferPointer { query in
        columns.withUnsafeMutableBufferPointer { cells in
          let base = column * width
          let above = base - width
          for band in 0..<width {
            let position = column + band - center
            guard position >= 0, position <= n else {
              cells[base + band] = infinity
              continue
            }
            var value: UInt8
            if position == 0 {
              value = UInt8(min(column, center))
            } else {
              let cost: UInt8 = query[position - 1] == byte ? 0 : 1
              let up = band + 1 < width ? cells[above + band + 1] : infinity
              let left = band > 0 ? cells[base + band - 1] : infinity
              value = min(up &+ 1, left &+ 1, cells[above + band] &+ cost)
              if position > 1, let previousByte, query[position - 1] == previousByte, query[position - 2] == byte {
                value = min(value, cells[above - width + band] &+ 1)
              }
              value = min(value, infinity)
            }
            cells[base + band] = value
            columnMinimum = min(columnMinimum, value)
          }
        }
      }
      minimum[column] = columnMinimum
      best[column] = min(best[column - 1], cell(depth: column, position: n))
    }
  }
}

/// The records a query matches, as ``SearchExecutor/matchSet(words:filters:excluded:side:listing:)``
/// finds them: a bitset of many matches may be left unread, for work that needs only the bitset (ranking
/// in custom order, facets counted from it) or that reads it out elsewhere (the side thread).
enum MatchSet {
  /// Every record: no word and no filter restricts them.
  case every
  /// The matches in increasing order, with their bitset when one was built (holding the same records).
  case listed([UInt32], bits: Bitset?)
  /// The matches as a bitset, not read out, and how many it holds.
  case unlisted(Bitset, count: Int)

  /// The matches in increasing order (`nil`: every record), and their bitset when one was built: an
  /// unlisted set is read out now (with a `side` session, large ones on two threads).
  func listed(side: SideSession?) -> (docs: [UInt32]?, bits: Bitset?) {
    switch self {
    case .every: (nil, nil)
    case .listed(let docs, let bits): (docs, bits)
    case .unlisted(let bits, let count): (bits.members(side: side, count: count), bits)
    }
  }

  /// The matches of `bits`, read out now when `listing`, else left as a bitset.
  static func of(_ bits: Bitset, listing: Bool, side: SideSession?) -> MatchSet {
    listing ? .listed(bits.members(side: side), bits: bits) : .unlisted(bits, count: bits.count)
  }
}

import InstantSearchModel

/// The value ids of a facet column by key, exact and folded: given when built, else made from the keys the
/// first time a query needs them.
final class KeyLookups: Sendable {
  typealias Tables = (exact: [String: UInt32], folded: [String: [UInt32]])
  private let keys: FacetKeys
  private let made: MadeOnFirstUse<Tables>

  init(keys: FacetKeys, exact: [String: UInt32], folded: [String: [UInt32]]) {
    self.keys = keys
    made = MadeOnFirstUse((exact, folded))
  }

  init(keys: FacetKeys) {
    self.keys = keys
    made = MadeOnFirstUse()
  }

  var tables: Tables {
    made.value {
      var exact: [String: UInt32] = [:]
      var folded: [String: [UInt32]] = [:]
      exact.reserveCapacity(keys.count)
      for (id, key) in keys.enumerated() {
        exact[key] = UInt32(id)
        folded[TextTokens.fold(key), default: []].append(UInt32(id))
      }
      return (exact, folded)
    }
  }
}

extension IndexSnapshot {
  /// Bytes held by each part of the snapshot (array contents only).
  var storageStatistics: [String: Int] {
    func bytes<T>(_ array: [T]) -> Int { array.count * MemoryLayout<T>.stride }
    var stats: [String: Int] = [:]
    stats["records"] = bytes(store.arena) + bytes(store.offsets)
    var facets = 0
    for column in self.facets.values {
      facets += bytes(column.docStarts) + bytes(column.docValues) + bytes(column.postingStarts) + bytes(column.postings)
      facets += column.denseBits.values.reduce(0) { $0 + bytes($1) }
      switch column.single {
      case .bytes(let ids)?: facets += bytes(ids)
      case .shorts(let ids)?: facets += bytes(ids)
      case .words(let ids)?: facets += bytes(ids)
      case nil: break
      }
    }
    stats["facets"] = facets
    var numerics = 0
    for column in self.numerics.values {
      numerics +=
        bytes(column.docStarts) + bytes(column.docValues) + bytes(column.sortedDocs) + bytes(column.sortedValues)
      numerics +=
        bytes(column.single ?? []) + bytes(column.singleFloat ?? []) + column.buckets.reduce(0) { $0 + bytes($1) }
    }
    stats["numerics"] = numerics
    stats["text"] = text.storageBytes
    stats["dictionary"] =
      bytes(codec.dictionary.tokens.arena) + bytes(codec.dictionary.terms.arena) + bytes(codec.dictionary.termOfToken)
    stats["ranking"] = bytes(customRank) + bytes(customOrder)
    return stats
  }
}

extension LocalIndex {
  /// Bytes held by each part of the index: records, facets, numerics, text, dictionary, ranking.
  public var storageStatistics: [String: Int] { snapshot.storageStatistics }
}

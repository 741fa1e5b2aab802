extension IndexSnapshot {
  /// Bytes held by each part of the snapshot (array contents only).
  var storageStatistics: [String: Int] {
    func bytes<C: Collection>(_ values: C) -> Int { values.count * MemoryLayout<C.Element>.stride }
    var stats: [String: Int] = [:]
    stats["records"] = store.arenaSize + (store.count + 1) * 4 + (elision?.storageBytes ?? 0)
    stats["record block checksums"] = store.blockChecksumBytes
    var facets = 0
    for column in self.facets.values {
      facets += bytes(column.docStarts) + column.docValues.byteCount + column.postings.byteCount
      facets += column.dense.byteCount
      facets += column.single?.byteCount ?? 0
    }
    stats["facets"] = facets
    var numerics = 0
    var rangeCodes = 0
    for column in self.numerics.values {
      rangeCodes += column.rangeCodeBytes
      numerics +=
        bytes(column.docStarts) + bytes(column.docValues) + column.sortedDocsBytes + bytes(column.sortedValues)
      numerics += (column.coded?.byteCount ?? 0) + column.bucketBytes
    }
    stats["numerics"] = numerics
    stats["range codes"] = rangeCodes
    stats["text"] = textPart.unverified.storageBytes
    stats["dictionary"] =
      bytes(codec.dictionary.tokens.arena) + bytes(codec.dictionary.terms.arena) + bytes(codec.dictionary.termOfToken)
    stats["ranking"] = bytes(customRank) + bytes(customOrder)
    stats["numeric facet links"] = numericFacetMemo.withLock { links in
      links.values.compactMap { $0 }.reduce(0) { total, link in
        total + bytes(link.facetIDs) + bytes(link.codes) + (link.numbersIfMade.map { bytes($0) } ?? 0)
      }
    }
    return stats
  }
}

extension LocalIndex {
  /// Bytes held by each part of the index, summed over its segments: records, facets, numerics (and the
  /// range codes made by the queries so far), text, dictionary, ranking, the numeric facet links read or
  /// made so far, and the segments' deletion bitsets.
  public var storageStatistics: [String: Int] {
    var total: [String: Int] = [:]
    for segment in view.segments {
      total.merge(segment.snapshot.storageStatistics, uniquingKeysWith: +)
      total["deletions", default: 0] += segment.deletedCount > 0 ? (segment.snapshot.recordCount + 63) / 64 * 8 : 0
    }
    return total
  }

  /// The objectIDs of up to `count` records in the order they were first saved, skipping the first
  /// `offset` (for tools that walk an index a slice at a time).
  public func objectIDs(offset: Int = 0, count: Int) -> [String] {
    let view = self.view
    var result: [String] = []
    var position = 0
    view.forEachLiveRecord { segment, doc in
      defer { position += 1 }
      guard position >= offset, result.count < count else { return }
      if let id = view.segments[segment].snapshot.objectID(doc) { result.append(id) }
    }
    return result
  }

  /// How the index is split: its segments and the deleted records they still hold (until merged).
  public var segmentSummary: (segments: Int, deleted: Int) {
    let view = self.view
    return (view.segments.count, view.segments.reduce(0) { $0 + $1.deletedCount })
  }
}

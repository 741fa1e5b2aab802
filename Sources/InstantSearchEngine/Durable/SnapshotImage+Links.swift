import InstantSearchModel

/// The ``NumericFacetLink``s of a segment image (format 6 on): for each attribute that is both a facet and
/// a coded numeric column, in path order, whether its records hold the link and, if so, the facet value id
/// of each code. An image read without them makes each link on first use — one pass over two per-record
/// columns, which at a million records the first query with a price facet after opening paid: about 3 ms
/// of page faults and reads on its side thread.
enum NumericLinkImage {
  /// The attributes whose link the image holds: those with a facet column and a coded numeric column.
  static func paths(facets: [String: FacetColumn], numerics: [String: NumericColumn]) -> [String] {
    facets.keys.filter { numerics[$0]?.coded != nil }.sorted()
  }

  /// Writes the link of each attribute of ``paths(facets:numerics:)`` as `snapshot` makes it.
  static func write(_ snapshot: IndexSnapshot, to image: inout ImageWriter) throws(DurableError) {
    let paths = paths(facets: snapshot.facets, numerics: snapshot.numerics)
    try image.number("links", UInt64(paths.count))
    for path in paths {
      let link = snapshot.numericFacetLink(path)
      try image.strings("link.path", [path])
      try image.number("link.holds", link == nil ? 0 : 1)
      try image.integers("link.facetIDs", link?.facetIDs ?? [])
    }
  }

  /// Reads the links written by ``write(_:to:)`` for the columns read before them (`nil` inside: the
  /// records break that attribute's link); an id that is not one of its facet's values, or two codes
  /// leading to one value, is damage.
  static func read(
    _ image: inout ImageReader, facets: [String: FacetColumn], numerics: [String: NumericColumn]
  ) throws(DurableError) -> [String: NumericFacetLink?] {
    let expected = paths(facets: facets, numerics: numerics)
    let count = try image.number("links")
    guard count == UInt64(expected.count) else {
      throw .corrupt(path: image.path, reason: "\(count) numeric facet links for \(expected.count) attributes")
    }
    var links: [String: NumericFacetLink?] = [:]
    for path in expected {
      let stored = try image.strings("link.path")
      let holds = try image.number("link.holds")
      let facetIDs: [UInt32] = try image.integers("link.facetIDs")
      guard stored == [path], holds <= 1 else {
        throw .corrupt(path: image.path, reason: "the numeric facet link of \(path) is missing or out of order")
      }
      guard holds == 1 else {
        links[path] = .some(nil)
        continue
      }
      guard let numbers = numerics[path]?.coded, let facet = facets[path],
        let link = NumericFacetLink(facetIDs: facetIDs, numbers: numbers, facet: facet)
      else { throw .corrupt(path: image.path, reason: "the numeric facet link of \(path) does not hold together") }
      links[path] = link
    }
    return links
  }
}

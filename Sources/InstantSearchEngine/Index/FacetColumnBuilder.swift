import InstantSearchModel

/// Builds a ``FacetColumn`` while records are ingested in order.
struct FacetColumnBuilder {
  let path: String
  private var interner = ByteInterner(capacity: 256)
  /// The ids of the numbers interned, by bit pattern: a number seen before is found in one read rather than
  /// the interner's four (see ``WordTable``).
  private var numberIDs = WordTable()
  private var kinds: [UInt8] = []
  private var pairDocs: [UInt32] = []
  private var pairValues: [UInt32] = []

  init(path: String) {
    self.path = path
  }

  /// An estimate of what ``build(recordCount:dictionary:)`` costs, for ordering the parts of a parallel
  /// build: each distinct value makes a string and a dictionary entry, each (record, value) pair a few
  /// array writes.
  var buildCost: Int { interner.count * 16 + pairDocs.count }

  /// Makes room for `scale` times the (record, value) pairs added so far.
  mutating func reserve(scale: Double) {
    let capacity = Int(Double(pairDocs.count) * scale)
    pairDocs.reserveCapacity(capacity)
    pairValues.reserveCapacity(capacity)
  }

  /// Records that `doc` holds the value identified by `key` (a kind byte then the payload).
  mutating func add(doc: Int, key: UnsafeBufferPointer<UInt8>) {
    let before = interner.count
    let id = interner.intern(key)
    if interner.count > before { kinds.append(key[0]) }
    add(doc: doc, id: id)
  }

  /// Records that `doc` holds the number whose bit pattern is `bits` (zero's for negative zero): the value
  /// ``add(doc:key:)`` records for the key of kind ``FacetKeyKind/number`` and the bits little-endian.
  mutating func add(doc: Int, numberBits bits: UInt64) {
    let id = numberIDs.id(of: bits) {
      kinds.append(FacetKeyKind.number)
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { key in
        key[0] = FacetKeyKind.number
        withUnsafeBytes(of: bits.littleEndian) { payload in
          for (index, byte) in payload.enumerated() { key[index + 1] = byte }
        }
        return interner.intern(UnsafeBufferPointer(key))
      }
    }
    add(doc: doc, id: id)
  }

  private mutating func add(doc: Int, id: UInt32) {
    // A value repeated in one record counts once.
    var index = pairDocs.count - 1
    while index >= 0, pairDocs[index] == UInt32(doc) {
      if pairValues[index] == id { return }
      index -= 1
    }
    pairDocs.append(UInt32(doc))
    pairValues.append(id)
  }

  /// The column, with values of equal keys (`"10"` and `10`) merged.
  func build(recordCount: Int, dictionary: TokenDictionary) -> FacetColumn {
    var keys: [String] = []
    var numbers: [Double?] = []
    var exactIDs: [String: UInt32] = [:]
    var canonical: [UInt32] = []
    canonical.reserveCapacity(interner.count)
    for id in 0..<interner.count {
      let (key, number) = Self.display(interner.bytes(UInt32(id)), dictionary: dictionary)
      if let existing = exactIDs[key] {
        canonical.append(existing)
      } else {
        let new = UInt32(keys.count)
        exactIDs[key] = new
        keys.append(key)
        numbers.append(number)
        canonical.append(new)
      }
    }
    var foldedIDs: [String: [UInt32]] = [:]
    for (id, key) in keys.enumerated() { foldedIDs[TextTokens.fold(key), default: []].append(UInt32(id)) }

    var docStarts = [UInt32](repeating: 0, count: recordCount + 1)
    var docValues: [UInt32] = []
    docValues.reserveCapacity(pairValues.count)
    var postingCounts = [UInt32](repeating: 0, count: keys.count)
    var pair = 0
    for doc in 0..<recordCount {
      docStarts[doc] = UInt32(docValues.count)
      let first = docValues.count
      while pair < pairDocs.count, pairDocs[pair] == UInt32(doc) {
        let value = canonical[Int(pairValues[pair])]
        if !docValues[first...].contains(value) {
          docValues.append(value)
          postingCounts[Int(value)] += 1
        }
        pair += 1
      }
    }
    docStarts[recordCount] = UInt32(docValues.count)
    var postingStarts = [UInt32](repeating: 0, count: keys.count + 1)
    for value in 0..<keys.count { postingStarts[value + 1] = postingStarts[value] + postingCounts[value] }
    var cursor = postingStarts
    var postings = [UInt32](repeating: 0, count: docValues.count)
    for doc in 0..<recordCount {
      for index in Int(docStarts[doc])..<Int(docStarts[doc + 1]) {
        let value = Int(docValues[index])
        postings[Int(cursor[value])] = UInt32(doc)
        cursor[value] += 1
      }
    }
    return FacetColumn(
      path: path, keys: keys, numbers: numbers, exactIDs: exactIDs, foldedIDs: foldedIDs, docStarts: docStarts,
      docValues: docValues, postingStarts: postingStarts, postings: postings)
  }

  /// The response key and numeric value of an interned value.
  private static func display(_ bytes: ArraySlice<UInt8>, dictionary: TokenDictionary) -> (String, Double?) {
    guard let kind = bytes.first else { return ("", nil) }
    let payload = bytes.dropFirst()
    switch kind {
    case FacetKeyKind.text:
      let buffer = Array(payload)
      var tokens: [UInt32] = []
      buffer.withUnsafeBufferPointer { buffer in
        var packed = PackedReader(buffer)
        while packed.position < buffer.count { tokens.append(UInt32(packed.varint())) }
      }
      return (dictionary.text(tokens), nil)
    case FacetKeyKind.number:
      var bits: UInt64 = 0
      for (index, byte) in payload.enumerated() { bits |= UInt64(byte) << (8 * UInt64(index)) }
      let number = Double(bitPattern: bits)
      return (Filter.Facet.ValueType.number(number).facetKey, number)
    case FacetKeyKind.bool:
      return (payload.first == 1 ? "true" : "false", nil)
    default:
      return (String(decoding: payload, as: UTF8.self), nil)
    }
  }
}

/// The kind byte that starts an interned facet value.
enum FacetKeyKind {
  static let text: UInt8 = 1
  static let number: UInt8 = 2
  static let bool: UInt8 = 3
  static let raw: UInt8 = 4
}

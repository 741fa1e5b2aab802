/// Dense sets (``DenseSets``) in a segment image: the dense keys, the words of a bitset, the keys whose
/// bitsets are stored whole and those bitsets (format 7), and the other keys' records as a bit-packed list
/// each (see ``PostingImage``), decoded into a bitset when a query first needs it.
enum DenseSetsImage {
  /// Writes `sets`; with `lists`, their lists as ``DenseSets/lists()`` gives them (packed or not). A key
  /// whose packed list takes at least its bitset's bytes has its bitset stored whole instead: smaller, and
  /// read in place.
  static func write(_ sets: DenseSets, lists: PostingLists? = nil, name: String, to image: inout ImageWriter)
    throws(DurableError)
  {
    try image.column(name + ".keys", sets.keys)
    try image.number(name + ".wordsPerSet", UInt64(sets.wordsPerSet))
    let packed = (lists ?? sets.lists()).packed()
    let bitsetBytes = sets.wordsPerSet * MemoryLayout<UInt64>.stride
    let whole = (0..<packed.keyCount).filter { slot in
      sets.wordsPerSet > 0 && (packed.packedByteCount(slot) ?? 0) >= bitsetBytes
    }
    var words: [UInt64] = []
    words.reserveCapacity(whole.count * sets.wordsPerSet)
    for slot in whole {
      // As held (a build's bitsets), else decoded from the list.
      if let stored = sets.storedBits(slot) {
        stored.withUnsafeBufferPointer { words.append(contentsOf: $0) }
        continue
      }
      var bits = [UInt64](repeating: 0, count: sets.wordsPerSet)
      packed.insert(slot..<slot + 1, into: &bits)
      words.append(contentsOf: bits)
    }
    try image.column(name + ".wholeSlots", Column(whole.map { UInt32($0) }))
    try image.column(name + ".wholeWords", Column(words))
    try PostingImage.write(
      packed.emptying(Set(whole)), starts: name + ".starts", records: name + ".records", packed: true, to: &image)
  }

  /// The sets written by ``write(_:name:to:)``, for keys below `keyCount` (an image before format 7 stores
  /// every key's records as a list).
  static func read(_ image: inout ImageReader, name: String, keyCount: Int, mapping: MappedFile) throws(DurableError)
    -> DenseSets
  {
    let keys: Column<UInt32> = try image.column(name + ".keys", in: mapping)
    let storedWords = try image.number(name + ".wordsPerSet")
    // A set's words cover a segment's records: never more than 2³² of them.
    guard storedWords <= UInt64(UInt32.max) / 64 + 1 else {
      throw .corrupt(path: image.path, reason: "the dense sets \(name) claim \(storedWords) words a set")
    }
    let wordsPerSet = Int(storedWords)
    var whole = Column<UInt32>()
    var words = Column<UInt64>()
    if image.version >= 7 {
      whole = try image.column(name + ".wholeSlots", in: mapping)
      words = try image.column(name + ".wholeWords", in: mapping)
    }
    let lists = try PostingImage.read(&image, starts: name + ".starts", records: name + ".records", mapping: mapping)
    let failure = "the dense sets \(name) do not hold together"
    guard lists.keyCount == keys.count, words.count == whole.count * wordsPerSet else {
      throw .corrupt(path: image.path, reason: failure)
    }
    // The keys and slots are read in place: tested once verified (at once outside a deferred part).
    try image.require(failure) { [whole] in
      zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) && keys.last.map({ Int($0) < keyCount }) ?? true
        && zip(whole, whole.dropFirst()).allSatisfy({ $0 < $1 }) && whole.last.map({ Int($0) < keys.count }) ?? true
        && whole.allSatisfy({ lists.count(Int($0)..<Int($0) + 1) == 0 })
    }
    return DenseSets(keys: keys, lists: lists, whole: whole, words: words, wordsPerSet: wordsPerSet)
  }
}

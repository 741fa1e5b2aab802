/// Dense sets (``DenseSets``) in a segment image: the dense keys, the words of a bitset, and each key's
/// records as a bit-packed list (see ``PostingImage``), decoded into a bitset when a query first needs it.
enum DenseSetsImage {
  /// Writes `sets`; with `lists`, their lists as ``DenseSets/lists()`` gives them (packed or not).
  static func write(_ sets: DenseSets, lists: PostingLists? = nil, name: String, to image: inout ImageWriter)
    throws(DurableError)
  {
    try image.column(name + ".keys", sets.keys)
    try image.number(name + ".wordsPerSet", UInt64(sets.wordsPerSet))
    try PostingImage.write(
      lists ?? sets.lists(), starts: name + ".starts", records: name + ".records", packed: true, to: &image)
  }

  /// The sets written by ``write(_:name:to:)``, for keys below `keyCount`.
  static func read(_ image: inout ImageReader, name: String, keyCount: Int, mapping: MappedFile) throws(DurableError)
    -> DenseSets
  {
    let keys: Column<UInt32> = try image.column(name + ".keys", in: mapping)
    let wordsPerSet = Int(try image.number(name + ".wordsPerSet"))
    let lists = try PostingImage.read(&image, starts: name + ".starts", records: name + ".records", mapping: mapping)
    guard lists.keyCount == keys.count, zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }),
      keys.last.map({ Int($0) < keyCount }) ?? true
    else { throw .corrupt(path: image.path, reason: "the dense sets \(name) do not hold together") }
    return DenseSets(keys: keys, lists: lists, wordsPerSet: wordsPerSet)
  }
}

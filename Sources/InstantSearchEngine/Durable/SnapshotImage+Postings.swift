/// Posting lists in a segment image: their counts (array `starts`), then their records — plain record
/// numbers (`records`), or, where `records.form` says so, bit-packed blocks
/// (`records.offsets`, `records.packed`; see ``PostingLists``). Read in place from the mapped image.
///
/// Which lists are packed is the writer's choice: a packed list takes about a quarter of the space and
/// costs about 0.6 ns a record more to read, which matters for lists that every keystroke reads by the
/// hundred thousand (the text postings), not for the others.
enum PostingImage {
  static func write(
    _ lists: PostingLists, starts: String, records: String, packed: Bool, to image: inout ImageWriter
  ) throws(DurableError) {
    try image.column(starts, lists.starts)
    let stored = packed ? lists.packed() : lists
    switch stored.form {
    case .plain(let plain):
      try image.number(records + ".form", 0)
      try image.column(records, plain)
    case .packed(let bytes, let offsets):
      try image.number(records + ".form", 1)
      try image.column(records + ".offsets", offsets)
      try image.column(records + ".packed", bytes)
    }
  }

  static func read(_ image: inout ImageReader, starts: String, records: String, mapping: MappedFile)
    throws(DurableError) -> PostingLists
  {
    // The counts and offsets are walked whole by the checks below (or the packed lists' block walk).
    let counts: Column<UInt32> = try image.walkedColumn(starts, in: mapping)
    guard try image.number(records + ".form") == 1 else {
      let plain: Column<UInt32> = try image.column(records, in: mapping)
      guard counts.first == 0, Int(counts.last ?? 0) == plain.count,
        zip(counts, counts.dropFirst()).allSatisfy({ $0 <= $1 })
      else { throw .corrupt(path: image.path, reason: "the lists \(records) do not hold together") }
      return PostingLists(starts: counts, form: .plain(plain))
    }
    let offsets: Column<UInt32> = try image.walkedColumn(records + ".offsets", in: mapping)
    // The blocks are validated as they are read aside: the mapped lists stay untouched until queries read them.
    let bytes = try image.packedLists(records + ".packed", in: mapping, starts: counts, offsets: offsets)
    return PostingLists(starts: counts, form: .packed(bytes: bytes, offsets: offsets))
  }
}

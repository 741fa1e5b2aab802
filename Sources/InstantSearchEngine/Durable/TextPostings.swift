/// How a ``DurableIndex`` stores the text posting lists of the segment images it writes — the lists every
/// keystroke reads (facet and lead lists are always bit-packed).
public enum TextPostings: Sendable, Equatable {
  /// 32-bit record numbers, read in place: the fastest (the default).
  case plain
  /// Bit-packed, as facet lists are: about a third of the size (at 1M records of the benchmark catalog,
  /// 38 MB of lists take 12 MB), decoded as they are read — about 0.6 ns a record, which makes prefix
  /// keystrokes on an opened index 5–9% slower. For an index shipped inside an app, where bytes count more.
  case packed
}

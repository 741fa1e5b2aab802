/// How a ``DurableIndex`` stores the text posting lists of the segment images it writes — the lists every
/// keystroke reads (facet and lead lists are always bit-packed).
public enum TextPostings: Sendable, Equatable {
  /// Bit-packed, as facet lists are (the default): about a third of the size (at 1M records of the
  /// benchmark catalog, 37 MiB of lists take 12 MiB), decoded as they are read — about 0.6 ns a record,
  /// within the noise of keystrokes on an opened index (1.03–1.05× in sum, the median unchanged).
  case packed
  /// 32-bit record numbers, read in place without decoding: a directory 25 MiB larger at 1M records, for
  /// a server that would rather spend disk than any decoding.
  case plain
}

/// The tokens of every stored text and the terms their words fold to.
struct TokenDictionary: Sendable {
  /// Token text (exact bytes) ↔ token id.
  private(set) var tokens = ByteInterner(capacity: 4096)
  /// Folded word ↔ term id.
  private(set) var terms = ByteInterner(capacity: 4096)
  /// The term of each token, or `noTerm` for a separator-only token.
  private(set) var termOfToken: [UInt32] = []
  /// The length in bytes of each token's word part.
  private(set) var wordLengthOfToken: [UInt32] = []

  /// How texts are cut into tokens and words folded into terms: the index's (its settings'), which every
  /// text of the dictionary went through. Not stored: a dictionary read back takes its index's settings'.
  var analysis = TextAnalysis.standard

  static let noTerm = UInt32.max

  /// An empty dictionary.
  init() {}

  /// A dictionary of stored parts (an image's).
  init(tokens: ByteInterner, terms: ByteInterner, termOfToken: [UInt32], wordLengthOfToken: [UInt32]) {
    self.tokens = tokens
    self.terms = terms
    self.termOfToken = termOfToken
    self.wordLengthOfToken = wordLengthOfToken
  }

  /// Appends the token ids of `bytes` to `output`; with `splitsCamelCase` (a text of one of the
  /// `camelCaseAttributes`), camel-case words are cut into their parts.
  mutating func tokenize(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt32], splitsCamelCase: Bool = false
  ) {
    guard analysis.cutsAsStandard, !splitsCamelCase else {
      analysis.forEachToken(in: bytes, splitsCamelCase: splitsCamelCase) { range, wordLength in
        output.append(intern(token: UnsafeBufferPointer(rebasing: bytes[range]), wordLength: wordLength))
      }
      return
    }
    TextTokens.forEachToken(in: bytes) { range, wordLength in
      output.append(intern(token: UnsafeBufferPointer(rebasing: bytes[range]), wordLength: wordLength))
    }
  }

  /// The id of the token `bytes` whose word part is its first `wordLength` bytes (as ``tokenize(_:into:)``
  /// cut it), added when new.
  mutating func intern(token bytes: UnsafeBufferPointer<UInt8>, wordLength: Int) -> UInt32 {
    let before = tokens.count
    let id = tokens.intern(bytes)
    if tokens.count > before {
      if wordLength > 0 {
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<wordLength]), as: UTF8.self)
        termOfToken.append(terms.intern(analysis.fold(word)))
      } else {
        termOfToken.append(Self.noTerm)
      }
      wordLengthOfToken.append(UInt32(wordLength))
    }
    return id
  }

  /// Whether a token holds a character that format 2 of the segment images cuts or folds otherwise than
  /// format 1 did (``WordSegmenter``, ``LanguageFolding``): a dictionary read from a format-1 image that
  /// holds one has its records packed again (see ``SnapshotImage/read(_:name:settings:)``).
  var holdsTextOfNewerAnalysis: Bool {
    for id in 0..<tokens.count {
      let bytes = tokens.bytes(UInt32(id))
      guard bytes.contains(where: { $0 >= 0xC3 }) else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      if text.unicodeScalars.contains(where: { WordSegmenter.isSegmented($0) || LanguageFolding.changes($0) }) {
        return true
      }
    }
    return false
  }

  /// The number of terms.
  var termCount: Int { terms.count }

  /// Rebuilds a string from token ids.
  func text(_ ids: some Sequence<UInt32>) -> String {
    var bytes: [UInt8] = []
    for id in ids { bytes.append(contentsOf: tokens.bytes(id)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

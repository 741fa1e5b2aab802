/// A token of the `filters` grammar, with its byte offset in the input.
package struct FilterToken: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    /// A bare word: an attribute, a value, a number or a tag.
    case word(String)
    /// A string in double or single quotes, unescaped.
    case quoted(String)
    case and, or, not, to
    case leftParenthesis, rightParenthesis, colon
    case comparison(Filter.Numeric.Operator)
    /// `<score=N>` after a facet value.
    case score(Int)
    case end
  }

  package let kind: Kind
  /// Byte offset of the token's first byte in the UTF-8 input.
  package let offset: Int

  /// How the token is named in error messages.
  package var display: String {
    switch kind {
    case .word(let text), .quoted(let text): "string(\(text))"
    case .and: "AND"
    case .or: "OR"
    case .not: "NOT"
    case .to: "TO"
    case .leftParenthesis: "'('"
    case .rightParenthesis: "')'"
    case .colon: "':'"
    case .comparison(let op): "'\(op.rawValue)'"
    case .score(let score): "'<score=\(score)>'"
    case .end: "end of filter"
    }
  }

  /// The text of a word or quoted string.
  package var text: String? {
    switch kind {
    case .word(let text), .quoted(let text): text
    default: nil
    }
  }
}

/// Writes single filters in Algolia's `filters` syntax. Pure and total over renderable filters.
///
/// - Attributes and string values are always double-quoted; inside quotes a backslash is written `\\`
///   and a quote `\"`. Nothing else is escaped.
/// - Numbers follow ``NumberRendering``; booleans are bare `true` / `false`.
/// - Negation is a `NOT ` prefix; the operator of a negated comparison is kept as is.
package enum FilterSQL {
  /// The `filters` text of `filter`, or `nil` when it holds a non-finite number.
  package static func render(_ filter: Filter) -> String? {
    switch filter {
    case .facet(let facet): render(facet)
    case .numeric(let numeric): render(numeric)
    case .tag(let tag): render(tag)
    }
  }

  /// `"attr":"value"`, `"attr":10.0`, `"attr":true`, with an optional `<score=N>` and `NOT `.
  package static func render(_ facet: Filter.Facet) -> String? {
    var output = prefix(isNegated: facet.isNegated)
    appendQuoted(facet.attribute.rawValue, to: &output)
    output.append(":")
    switch facet.value {
    case .string(let string):
      appendQuoted(string, to: &output)
    case .number(let number):
      guard let text = NumberRendering.render(number) else { return nil }
      output.append(text)
    case .bool(let bool):
      output.append(bool ? "true" : "false")
    }
    if let score = facet.score {
      output.append("<score=")
      output.append(String(score))
      output.append(">")
    }
    return output
  }

  /// `"attr" >= 10.0` or `"attr":10.0 TO 20.0`, with an optional `NOT `.
  package static func render(_ numeric: Filter.Numeric) -> String? {
    var output = prefix(isNegated: numeric.isNegated)
    appendQuoted(numeric.attribute.rawValue, to: &output)
    switch numeric.value {
    case .comparison(let op, let value):
      guard let text = NumberRendering.render(value) else { return nil }
      output.append(" ")
      output.append(op.rawValue)
      output.append(" ")
      output.append(text)
    case .range(let range):
      guard let lower = NumberRendering.render(range.lowerBound),
        let upper = NumberRendering.render(range.upperBound)
      else { return nil }
      output.append(":")
      output.append(lower)
      output.append(" TO ")
      output.append(upper)
    }
    return output
  }

  /// `"_tags":"value"`, with an optional `NOT `.
  package static func render(_ tag: Filter.Tag) -> String {
    var output = prefix(isNegated: tag.isNegated)
    output.append("\"_tags\":")
    appendQuoted(tag.value, to: &output)
    return output
  }

  /// `value` in double quotes, with `\` and `"` escaped.
  package static func quoted(_ value: String) -> String {
    var output = ""
    appendQuoted(value, to: &output)
    return output
  }

  /// Appends `value` in double quotes, with `\` and `"` escaped.
  package static func appendQuoted(_ value: String, to output: inout String) {
    output.append("\"")
    let needsEscaping = value.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    if needsEscaping {
      for scalar in value.unicodeScalars {
        if scalar == "\"" || scalar == "\\" { output.append("\\") }
        output.unicodeScalars.append(scalar)
      }
    } else {
      output.append(value)
    }
    output.append("\"")
  }

  private static func prefix(isNegated: Bool) -> String {
    var output = ""
    output.reserveCapacity(32)
    if isNegated { output.append("NOT ") }
    return output
  }
}

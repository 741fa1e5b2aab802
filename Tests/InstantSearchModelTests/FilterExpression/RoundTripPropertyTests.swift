import Foundation
import InstantSearchModel
import PropertyBased
import Testing

/// Random `Filters` values over arbitrary Unicode: quotes, backslashes, `-`, `&`, spaces, keywords,
/// combining marks, emoji, control characters and empty strings; numbers from every magnitude.
enum RandomFilters {
  static let fragments: [String] = [
    "\"", "\\", "-", "&", " ", ":", "(", ")", "'", "<", ">", "=", "!", "\n", "\t", "😀", "👩‍👩‍👧", "é", "e\u{301}",
    "\u{301}", "A", "N", "D", "O", "R", "T", "a", "0", "1", ".", ",", "<score=1>", "\\\"", "AND", "OR", "NOT", "TO",
    "_tags", "true", "10", "-5", "\u{0}", "\u{200B}", "\u{FEFF}",
  ]

  static func string(using rng: inout some RandomNumberGenerator) -> String {
    let length = Int.random(in: 0...6, using: &rng)
    var text = ""
    for _ in 0..<length {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0:
        text += fragments.randomElement(using: &rng) ?? ""
      case 1:
        let value = UInt32.random(in: 0x20...0x7E, using: &rng)
        text.unicodeScalars.append(Unicode.Scalar(value) ?? "x")
      default:
        let ranges: [ClosedRange<UInt32>] = [0x00...0x1F, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF]
        let range = ranges.randomElement(using: &rng) ?? 0xA0...0xFF
        text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &rng)) ?? "x")
      }
    }
    return text
  }

  static func number(using rng: inout some RandomNumberGenerator) -> Double {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      return [
        0, -0.0, 1e16, 1e-7, 0.1 + 0.2, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -1e300, 1_700_000_000_000,
      ]
      .randomElement(using: &rng) ?? 0
    case 1:
      return Double(Int.random(in: -1000...1000, using: &rng))
    case 2:
      return Double.random(in: -1e6...1e6, using: &rng)
    default:
      let candidate = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
      return candidate.isFinite ? candidate : 1.5
    }
  }

  static func filter(using rng: inout some RandomNumberGenerator, kind: FilterKind) -> Filter {
    let negated = Bool.random(using: &rng)
    switch kind {
    case .facet:
      let attribute = Attribute(Bool.random(using: &rng) ? "_tags" : string(using: &rng))
      let value: Filter.Facet.ValueType
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: value = .string(string(using: &rng))
      case 1: value = .number(number(using: &rng))
      default: value = .bool(Bool.random(using: &rng))
      }
      let score = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: Int.min...Int.max, using: &rng) : nil
      return .facet(.init(attribute: attribute, value: value, isNegated: negated, score: score))
    case .numeric:
      let attribute = Attribute(string(using: &rng))
      if Bool.random(using: &rng) {
        let bounds = [number(using: &rng), number(using: &rng)].sorted()
        return .numeric(.init(attribute: attribute, range: bounds[0]...bounds[1], isNegated: negated))
      }
      let op = Filter.Numeric.Operator.allCases.randomElement(using: &rng) ?? .equals
      return .numeric(.init(attribute: attribute, operator: op, value: number(using: &rng), isNegated: negated))
    case .tag:
      return .tag(.init(value: string(using: &rng), isNegated: negated))
    }
  }

  /// A random content as (group, filter) insertions.
  static func insertions(using rng: inout some RandomNumberGenerator) -> [(FilterGroup.ID, Filter)] {
    let names = (0..<Int.random(in: 1...4, using: &rng)).map { _ in string(using: &rng) }
    var result: [(FilterGroup.ID, Filter)] = []
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let name = names.randomElement(using: &rng) ?? ""
      let kind = FilterKind.allCases.randomElement(using: &rng) ?? .facet
      let id: FilterGroup.ID
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: id = .and(name: name)
      case 1: id = .or(name: name, filterType: kind)
      default: id = kind == .facet ? .hierarchical(name: name) : .and(name: name)
      }
      result.append((id, filter(using: &rng, kind: kind)))
    }
    return result
  }

  static let generator = Generator<[(FilterGroup.ID, Filter)], Shrink.None<[(FilterGroup.ID, Filter)]>> { rng in
    insertions(using: &rng)
  }

  static func build(_ insertions: [(FilterGroup.ID, Filter)]) -> Filters {
    var filters = Filters()
    for (id, filter) in insertions { filters.add(filter, to: id) }
    return filters
  }
}

@Suite("Round trips over arbitrary filters", .timeLimit(.minutes(2)))
struct RoundTripPropertyTests {
  @Test("render → parse → render is byte-identical")
  func renderParseRender() async {
    await propertyCheck(count: 1500, input: RandomFilters.generator) { insertions in
      let filters = RandomFilters.build(insertions)
      let rendered = filters.sql
      do {
        let parsed = try Filters(parsing: rendered)
        #expect(Array(parsed.sql.utf8) == Array(rendered.utf8), "\(rendered)")
        let expression = try FilterExpression(parsing: rendered)
        #expect(
          expression.clauses.count == filters.count
            - filters.toFilterGroups().reduce(0) {
              $0 + ($1.isDisjunctive ? $1.filters.count - 1 : 0)
            })
      } catch {
        Issue.record("\(error) for \(rendered)")
      }
    }
  }

  @Test("Insertion order never changes the rendered string")
  func orderIndependence() async {
    await propertyCheck(count: 500, input: RandomFilters.generator) { insertions in
      let forward = RandomFilters.build(insertions)
      let backward = RandomFilters.build(insertions.reversed())
      #expect(Array(forward.sql.utf8) == Array(backward.sql.utf8))
      #expect(forward == backward)
    }
  }

  @Test("JSON snapshot → decode gives back an equal value with the same rendering")
  func codable() async throws {
    await propertyCheck(count: 500, input: RandomFilters.generator) { insertions in
      let filters = RandomFilters.build(insertions)
      do {
        let data = try JSONEncoder().encode(filters)
        let decoded = try JSONDecoder().decode(Filters.self, from: data)
        #expect(decoded == filters)
        #expect(Array(decoded.sql.utf8) == Array(filters.sql.utf8))
      } catch {
        Issue.record("\(error) for \(filters.sql)")
      }
    }
  }

  @Test("Arbitrary text never crashes the parser")
  func fuzzParser() async {
    let text = Generator<String, Shrink.None<String>> { rng in
      (0..<Int.random(in: 0...8, using: &rng)).map { _ in
        Bool.random(using: &rng)
          ? (RandomFilters.fragments.randomElement(using: &rng) ?? "") : RandomFilters.string(using: &rng)
      }.joined(separator: Bool.random(using: &rng) ? " " : "")
    }
    await propertyCheck(count: 3000, input: text) { input in
      do {
        let expression = try FilterExpression(parsing: input)
        // Whatever parses must render to something that parses to the same clauses.
        #expect(try FilterExpression(parsing: expression.description) == expression)
      } catch let error as FilterParseError {
        #expect(error.column >= 1 && error.column <= input.count + 1)
      } catch {
        Issue.record("unexpected error type: \(error)")
      }
    }
  }
}

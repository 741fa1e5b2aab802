import InstantSearchModel
import Testing

@Suite("Rendering single filters")
struct FilterRenderingTests {
  let converter = FilterConverter()

  @Test(
    "Escaping inside quotes: backslash first, then quote",
    arguments: [
      ("plain", #""a":"plain""#),
      (#"24" screen"#, #""a":"24\" screen""#),
      (#"45"-50" tv's"#, #""a":"45\"-50\" tv's""#),
      (#"C:\"#, #""a":"C:\\""#),
      (#"back\slash"#, #""a":"back\\slash""#),
      (#"\""#, #""a":"\\\"""#),
      ("line\nbreak", "\"a\":\"line\nbreak\""),
      ("", #""a":"""#),
      ("a > b", #""a":"a > b""#),
      ("Dates & Dried Fruits", #""a":"Dates & Dried Fruits""#),
      ("-80C", #""a":"-80C""#),
    ])
  func escaping(value: String, expected: String) {
    #expect(converter.sql(Filter.Facet(attribute: "a", stringValue: value)) == expected)
  }

  @Test("Attributes are quoted and escaped too")
  func attributeEscaping() {
    let filter = Filter.Facet(attribute: #"my attr"x\"#, stringValue: "a>b c")
    #expect(converter.sql(filter) == #""my attr\"x\\":"a>b c""#)
  }

  static let numberTable: [(Double, String)] = [
    (10.0, "10.0"),
    (10.5, "10.5"),
    (-3.0, "-3.0"),
    (-0.0, "0.0"),
    (0.0, "0.0"),
    (1e15, "1000000000000000.0"),
    (1e16, "10000000000000000.0"),
    (123_456_789_012_345_678.0, "123456789012345680.0"),
    (1_700_000_000_000.0, "1700000000000.0"),
    (Double(9_007_199_254_740_993 as Int64), "9007199254740992.0"),
    (0.0001, "0.0001"),
    (0.00001, "0.00001"),
    (1e-7, "0.0000001"),
    (-1.5e-7, "-0.00000015"),
    (0.1 + 0.2, "0.30000000000000004"),
    (1.7976931348623157e308, "17976931348623157" + String(repeating: "0", count: 292) + ".0"),
    (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"),
  ]

  @Test(
    "Numbers: integral values keep .0, shortest round trip otherwise, never an exponent",
    arguments: numberTable)
  func numbers(value: Double, expected: String) {
    #expect(NumberRendering.render(value) == expected)
    #expect(converter.sql(Filter.Numeric(attribute: "a", operator: .equals, value: value)) == #""a" = "# + expected)
    #expect(!expected.contains("e"))
    #expect(Double(expected) == value)
  }

  @Test("NaN and infinities never reach a rendered string", arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(value: Double) {
    #expect(NumberRendering.render(value) == nil)
    let numeric = Filter.Numeric(attribute: "a", operator: .greaterThan, value: value)
    #expect(converter.sql(numeric) == nil)
    #expect(converter.sql(Filter.Facet(attribute: "a", floatValue: value)) == nil)
    #expect(!Filter.numeric(numeric).isRenderable)
    #expect(throws: FilterValidationError.self) {
      try Filter.numeric(numeric).validated()
    }
    #expect(FilterGroupConverter().sql(.and([numeric])) == nil)
    #expect(converter.legacy(numeric) == nil)

    var filters = Filters()
    #expect(filters.add(numeric, to: .and(name: "g")) == false)
    if !value.isNaN {
      let unbounded = Filter.Numeric(attribute: "a", range: 0...value.magnitude)
      #expect(filters.add(unbounded, to: .and(name: "g")) == false)
    }
    #expect(filters.isEmpty)
    #expect(filters.sql == "")
  }

  @Test("Every kind of filter, negated or not")
  func kinds() {
    #expect(converter.sql(Filter.Facet(attribute: "size", floatValue: 10)) == #""size":10.0"#)
    #expect(converter.sql(Filter.Facet(attribute: "featured", boolValue: false)) == #""featured":false"#)
    #expect(converter.sql(Filter.Facet(attribute: "a", value: 10)) == #""a":10.0"#)
    #expect(
      converter.sql(Filter.Facet(attribute: "category", value: "chair", score: 10)) == #""category":"chair"<score=10>"#)
    #expect(
      converter.sql(Filter.Facet(attribute: "type", value: #"a"b:c"#, isNegated: true, score: 3))
        == #"NOT "type":"a\"b:c"<score=3>"#)
    #expect(
      converter.sql(Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 10, isNegated: true))
        == #"NOT "price" >= 10.0"#)
    #expect(converter.sql(Filter.Numeric(attribute: "price", range: 10...20.5)) == #""price":10.0 TO 20.5"#)
    #expect(converter.sql(Filter.Tag(value: "on sale", isNegated: true)) == #"NOT "_tags":"on sale""#)
    #expect(converter.sql(Filter.facet(.init(attribute: "a", stringValue: "x"))) == #""a":"x""#)
  }

  @Test("Descriptions: negation is not shown, numbers never use an exponent")
  func descriptions() {
    #expect(Filter.Facet(attribute: "brand", stringValue: "Sony Bravia").description == "brand: Sony Bravia")
    #expect(Filter.Facet(attribute: "size", floatValue: 1e16).description == "size: 10000000000000000.0")
    #expect(Filter.Numeric(attribute: "price", range: 10...20.5).description == "price: 10.0 – 20.5")
    #expect(Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 10).description == "price >= 10.0")
    #expect(Filter.Tag(value: "on sale", isNegated: true).description == "on sale")
  }

  @Test("Negation with ! flips a copy; not() sets")
  func negation() {
    let tag = Filter.Tag(value: "a")
    #expect((!tag).isNegated)
    #expect(!(!tag) == tag)
    #expect(!tag.isNegated)
    var facet = Filter.Facet(attribute: "a", stringValue: "b")
    facet.not()
    #expect(facet.isNegated)
    facet.not(value: false)
    #expect(!facet.isNegated)
    var erased = Filter.tag(tag)
    erased.isNegated = true
    #expect(erased == .tag(Filter.Tag(value: "a", isNegated: true)))
  }

  @Test("Literals convert to facet values and attributes")
  func literals() {
    let price: Attribute = "price"
    #expect(price == Attribute("price"))
    #expect(Filter.Facet(attribute: price, value: 10).value == .number(10))
    #expect(Filter.Facet(attribute: price, value: 10.5).value == .number(10.5))
    #expect(Filter.Facet(attribute: price, value: true).value == .bool(true))
    #expect(Filter.Facet(attribute: price, value: "x").value == .string("x"))
    let tag: Filter.Tag = "sale"
    #expect(tag == Filter.Tag(value: "sale"))
    #expect(tag.attribute == "_tags")
  }
}

import InstantSearchModel
import Testing

@Suite("Group converters: filters string and legacy arrays")
struct ConverterTests {
  let converter = FilterGroupConverter()

  @Test("sql keeps a hand-built group's order; empty groups are dropped")
  func sqlOfGroups() {
    let and = FilterGroup.and([
      Filter.Tag(value: "tag"), Filter.Numeric(attribute: "size", operator: .equals, value: 40),
      Filter.Facet(attribute: "brand", stringValue: "sony"),
    ])
    let or = FilterGroup.or([
      Filter.Facet(attribute: "brand", stringValue: "philips"), Filter.Facet(attribute: "diagonal", floatValue: 42),
      Filter.Facet(attribute: "featured", boolValue: true),
    ])
    #expect(
      converter.sql([and, .and([]), or])
        == #"( "_tags":"tag" AND "size" = 40.0 AND "brand":"sony" ) AND ( "brand":"philips" OR "diagonal":42.0 OR "featured":true )"#
    )
    #expect(converter.sql(FilterGroup.and([])) == "")
    #expect(converter.sql([FilterGroup.and([])]) == "")
    #expect(converter.sql([FilterGroup]()) == nil)
    let hierarchical = FilterGroup.hierarchical(
      [.init(attribute: "brand", stringValue: "Sony Bravia"), .init(attribute: "size", floatValue: 10)], name: "h")
    #expect(converter.sql(hierarchical) == #"( "brand":"Sony Bravia" AND "size":10.0 )"#)
  }

  @Test("Legacy facets: unquoted, - for NOT, a literal leading - escaped")
  func legacyFacets() {
    let group = FilterGroup.and([
      Filter.Facet(attribute: "brand", stringValue: "Sony Bravia"),
      Filter.Facet(attribute: "size", stringValue: "-80C"),
      Filter.Facet(attribute: "size", stringValue: "-80C", isNegated: true),
      Filter.Facet(attribute: "type", value: #"a"b:c"#, isNegated: true, score: 3),
      Filter.Facet(attribute: "count", floatValue: -12),
      Filter.Facet(attribute: "featured", boolValue: true),
    ])
    #expect(
      converter.legacy(group)
        == LegacyFilters(facetFilters: [
          ["brand:Sony Bravia"], [#"size:\-80C"#], [#"size:-\-80C"#], [#"type:-a"b:c<score=3>"#], [#"count:\-12.0"#],
          ["featured:true"],
        ]))
    let or = FilterGroup.or([
      Filter.Facet(attribute: "color", stringValue: "red"), Filter.Facet(attribute: "color", stringValue: "blue"),
    ])
    #expect(converter.legacy(or) == LegacyFilters(facetFilters: [["color:red", "color:blue"]]))
  }

  @Test("Legacy numerics: negation inverts the operator; a negated range is one OR clause")
  func legacyNumerics() {
    let and = FilterGroup.and([
      Filter.Numeric(attribute: "price", operator: .greaterThanOrEqual, value: 10, isNegated: true),
      Filter.Numeric(attribute: "price", range: 10...20, isNegated: true),
      Filter.Numeric(attribute: "rating", range: 1...5),
    ])
    #expect(
      converter.legacy(and)
        == LegacyFilters(numericFilters: [
          ["price < 10.0"], ["price < 10.0", "price > 20.0"], ["rating:1.0 TO 5.0"],
        ]))
    let or = FilterGroup.or([
      Filter.Numeric(attribute: "price", range: 10...20, isNegated: true),
      Filter.Numeric(attribute: "price", operator: .equals, value: 1e16),
    ])
    #expect(
      converter.legacy(or)
        == LegacyFilters(numericFilters: [["price < 10.0", "price > 20.0", "price = 10000000000000000.0"]]))
  }

  @Test("Legacy tags, hierarchical groups and mixed And groups split by kind")
  func legacyTagsAndMixed() {
    let tags = FilterGroup.or([Filter.Tag(value: "sale"), Filter.Tag(value: "-new", isNegated: true)])
    #expect(converter.legacy(tags) == LegacyFilters(tagFilters: [["sale", #"-\-new"#]]))
    let mixed = FilterGroup.and([Filter.Tag(value: "a"), Filter.Facet(attribute: "b", stringValue: "c")])
    let hierarchical = FilterGroup.hierarchical([.init(attribute: "cat.lvl0", stringValue: "Books")])
    #expect(
      converter.legacy([mixed, hierarchical])
        == LegacyFilters(facetFilters: [["b:c"], ["cat.lvl0:Books"]], tagFilters: [["a"]]))
    #expect(converter.legacy([FilterGroup]()) == LegacyFilters())
  }

  @Test("Legacy forms refuse what they cannot express")
  func legacyRefusals() {
    #expect(FilterConverter().legacy(Filter.Facet(attribute: "a:b", stringValue: "c")) == nil)
    #expect(FilterConverter().legacy(Filter.Numeric(attribute: "a>b", operator: .equals, value: 1)) == nil)
    #expect(FilterConverter().legacy(Filter.Numeric(attribute: "a", operator: .equals, value: .nan)) == nil)
  }
}

import InstantSearchModel
import Testing

@Suite("Filters snapshot")
struct FiltersTests {
  /// A mixed content: (group, filter) pairs across and, or and hierarchical groups sharing names.
  static let content: [(FilterGroup.ID, Filter)] = [
    (.and(name: "zeta"), .tag("on sale")),
    (.and(name: "zeta"), .numeric(.init(attribute: "price", operator: .greaterThanOrEqual, value: 10))),
    (.or(name: "alpha", filterType: .facet), .facet(.init(attribute: "brand", stringValue: "Sony Bravia"))),
    (.or(name: "alpha", filterType: .facet), .facet(.init(attribute: "brand", stringValue: "apple"))),
    (.or(name: "alpha", filterType: .tag), .tag("x")),
    (.and(name: "alpha"), .facet(.init(attribute: "featured", boolValue: false))),
    (.or(name: "nums", filterType: .numeric), .numeric(.init(attribute: "price", range: 10...20.5))),
    (
      .or(name: "nums", filterType: .numeric),
      .numeric(.init(attribute: "price", operator: .greaterThanOrEqual, value: 10))
    ),
    (.hierarchical(name: "_hierarchical"), .facet(.init(attribute: "cat.lvl1", stringValue: "a > b"))),
    (.and(name: "mixed"), .facet(.init(attribute: "a", stringValue: "b", isNegated: true))),
    (.and(name: "mixed"), .facet(.init(attribute: "a", stringValue: "z"))),
    (.and(name: "mixed"), .tag("A")),
    (.and(name: "mixed"), .numeric(.init(attribute: "b", operator: .equals, value: 1))),
  ]

  static let expectedSQL =
    #"( "cat.lvl1":"a > b" ) AND ( "_tags":"x" ) AND ( "brand":"Sony Bravia" OR "brand":"apple" ) "#
    + #"AND ( "featured":false ) AND ( "_tags":"A" AND "a":"z" AND "b" = 1.0 AND NOT "a":"b" ) "#
    + #"AND ( "price" >= 10.0 OR "price":10.0 TO 20.5 ) AND ( "_tags":"on sale" AND "price" >= 10.0 )"#

  @Test("Groups by name then rendered text; filters by rendered text")
  func canonicalOrder() {
    var filters = Filters()
    for (id, filter) in Self.content { filters.add(filter, to: id) }
    #expect(filters.sql == Self.expectedSQL)
    #expect(filters.description == Self.expectedSQL)
    #expect(FilterGroupConverter().sql(filters.toFilterGroups()) == Self.expectedSQL)
    #expect(
      filters.debugDescription == """
        Filters {
         "_hierarchical": ( "cat.lvl1":"a > b" )
         "alpha": ( "_tags":"x" )
         "alpha": ( "brand":"Sony Bravia" OR "brand":"apple" )
         "alpha": ( "featured":false )
         "mixed": ( "_tags":"A" AND "a":"z" AND "b" = 1.0 AND NOT "a":"b" )
         "nums": ( "price" >= 10.0 OR "price":10.0 TO 20.5 )
         "zeta": ( "_tags":"on sale" AND "price" >= 10.0 )
        }
        """)
  }

  @Test("The same content inserted in any order renders byte-identical strings")
  func orderIndependence() {
    var generator = SplitMix64(seed: 7)
    var reference = Filters()
    for (id, filter) in Self.content { reference.add(filter, to: id) }
    for _ in 0..<200 {
      var shuffled = Filters()
      for (id, filter) in Self.content.shuffled(using: &generator) { shuffled.add(filter, to: id) }
      #expect(Array(shuffled.sql.utf8) == Array(Self.expectedSQL.utf8))
      #expect(shuffled == reference)
      #expect(shuffled.hashValue == reference.hashValue)
      #expect(shuffled.debugDescription == reference.debugDescription)
    }
  }

  @Test("Group IDs have a total order: name, then or facet/numeric/tag, and, hierarchical")
  func groupIDOrder() {
    let ids: [FilterGroup.ID] = [
      .hierarchical(name: "a"), .and(name: "a"), .or(name: "a", filterType: .tag),
      .or(name: "a", filterType: .numeric), .or(name: "a", filterType: .facet), .and(name: ""), .and(name: "B"),
    ]
    #expect(
      ids.sorted() == [
        .and(name: ""), .and(name: "B"), .or(name: "a", filterType: .facet), .or(name: "a", filterType: .numeric),
        .or(name: "a", filterType: .tag), .and(name: "a"), .hierarchical(name: "a"),
      ])
    #expect(FilterGroup.ID.or(name: "x", filterType: .tag).description == "or<x>")
    #expect(FilterGroup.ID.and(name: "x").description == "and<x>")
    #expect(FilterGroup.ID.hierarchical(name: "x").description == "hierarchical<x>")
  }

  @Test("A disjunctive group refuses other kinds; a hierarchical group takes facets only")
  func kindRefusal() {
    var filters = Filters()
    do {
      let changed = filters.add(Filter.Tag(value: "x"), to: .or(name: "g", filterType: .facet))
      #expect(!changed)
    }
    do {
      let changed = filters.add(
        Filter.Numeric(attribute: "p", operator: .lessThan, value: 1), to: .hierarchical(name: "h"))
      #expect(!changed)
    }
    #expect(filters.isEmpty)
    do {
      let changed = filters.add(Filter.Tag(value: "x"), to: .or(name: "g", filterType: .tag))
      #expect(changed)
    }
    do {
      let changed = filters.add(Filter.Tag(value: "x"), to: .or(name: "g", filterType: .tag))
      #expect(!changed)
    }
    #expect(filters.count == 1)
  }

  @Test("Membership is exact: negation and score count")
  func exactMembership() {
    var filters = Filters()
    let facet = Filter.Facet(attribute: "a", value: "x", score: 3)
    filters.add(facet, to: .and(name: "g"))
    #expect(filters.contains(facet, in: .and(name: "g")))
    #expect(!filters.contains(Filter.Facet(attribute: "a", stringValue: "x"), in: .and(name: "g")))
    #expect(!filters.contains(!facet))
    do {
      let changed = filters.remove(Filter.Facet(attribute: "a", stringValue: "x"))
      #expect(!changed)
    }
    do {
      let changed = filters.remove(facet)
      #expect(changed)
    }
    #expect(filters.isEmpty)
    // A tag and a facet on _tags render alike: they are one member, so that the rendered string reads
    // back to the same content.
    filters.add(Filter.Tag(value: "x"), to: .and(name: "g"))
    filters.add(Filter.Facet(attribute: "_tags", stringValue: "x"), to: .and(name: "g"))
    #expect(filters.count == 1)
    #expect(filters.contains(Filter.Facet(attribute: "_tags", stringValue: "x")))
    #expect(filters.filters(in: .and(name: "g")) == [.tag("x")])
  }

  @Test("A facet on _tags is stored as a tag where tags are allowed, and stays a facet in facet groups")
  func tagsFacetCanonicalForm() {
    let facet = Filter.Facet(attribute: "_tags", stringValue: "x", isNegated: true)
    var first = Filters()
    first.add(facet, to: .and(name: "g"))
    first.add(Filter.Tag(value: "x", isNegated: true), to: .and(name: "g"))
    var second = Filters()
    second.add(Filter.Tag(value: "x", isNegated: true), to: .and(name: "g"))
    second.add(facet, to: .and(name: "g"))
    #expect(first == second)
    #expect(first.filters(in: .and(name: "g")) == [.tag(.init(value: "x", isNegated: true))])
    var facets = Filters()
    facets.add(facet, to: .or(name: "g", filterType: .facet))
    #expect(facets.filters(in: .or(name: "g", filterType: .facet)) == [.facet(facet)])
    #expect(facets.sql == first.sql)
  }

  @Test("Groups disappear when empty; removals report what they did")
  func removals() {
    var filters = Filters()
    let red = Filter.Facet(attribute: "color", stringValue: "red")
    let size = Filter.Facet(attribute: "size", floatValue: 42)
    filters.add(contentsOf: [red, size], to: .and(name: "a"))
    filters.add(red, to: .or(name: "b", filterType: .facet))
    filters.add(Filter.Tag(value: "t"), to: .and(name: "c"))
    #expect(filters.groupIDs == [.and(name: "a"), .or(name: "b", filterType: .facet), .and(name: "c")])

    do {

      let changed = filters.removeAll(for: "color", in: .and(name: "a"))

      #expect(changed)

    }
    #expect(filters.contains(red, in: .or(name: "b", filterType: .facet)))
    do {
      let changed = filters.removeAll(for: "color")
      #expect(changed)
    }
    #expect(filters.groupIDs == [.and(name: "a"), .and(name: "c")])
    do {
      let changed = filters.removeAll(for: "color")
      #expect(!changed)
    }
    do {
      let changed = filters.removeAll(except: [.and(name: "c")])
      #expect(changed)
    }
    #expect(filters.groupIDs == [.and(name: "c")])
    do {
      let changed = filters.removeAll(in: .and(name: "zzz"))
      #expect(!changed)
    }
    do {
      let changed = filters.removeAll()
      #expect(changed)
    }
    do {
      let changed = filters.removeAll()
      #expect(!changed)
    }
    #expect(filters.sql == "")
  }

  @Test("Setting one group leaves the others byte-identical")
  func setOneGroup() {
    var filters = Filters()
    filters.add(Filter.Facet(attribute: "brand", stringValue: "Sony"), to: .and(name: "b"))
    filters.add(Filter.Facet(attribute: "color", stringValue: "red"), to: .or(name: "a", filterType: .facet))
    let untouched = filters.filters(in: .and(name: "b"))
    do {
      let changed = filters.set(
        [Filter.Facet(attribute: "color", stringValue: "blue")], in: .or(name: "a", filterType: .facet))
      #expect(changed)
    }
    #expect(filters.filters(in: .and(name: "b")) == untouched)
    #expect(filters.sql == #"( "color":"blue" ) AND ( "brand":"Sony" )"#)
    do {
      let changed = filters.set(
        [Filter.Facet(attribute: "color", stringValue: "blue")], in: .or(name: "a", filterType: .facet))
      #expect(!changed)
    }
    do {
      let changed = filters.set([Filter.Facet](), in: .or(name: "a", filterType: .facet))
      #expect(changed)
    }
    #expect(filters.groupIDs == [.and(name: "b")])
  }

  @Test("toFilterGroups gives the groups as values, in rendering order")
  func filterGroups() {
    var filters = Filters()
    filters.add(Filter.Tag(value: "b"), to: .and(name: "g"))
    filters.add(Filter.Tag(value: "a"), to: .and(name: "g"))
    filters.add(Filter.Facet(attribute: "c", stringValue: "x"), to: .or(name: "f", filterType: .facet))
    let groups = filters.toFilterGroups()
    #expect(groups.map(\.id) == [.or(name: "f", filterType: .facet), .and(name: "g")])
    #expect(groups[1].filters == [.tag("a"), .tag("b")])
    #expect(groups[0].isDisjunctive)
    #expect(groups[1].description == #"( "_tags":"a" AND "_tags":"b" )"#)
  }
}

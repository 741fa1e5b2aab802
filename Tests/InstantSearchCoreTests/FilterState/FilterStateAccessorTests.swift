import InstantSearchCore
import Testing

@MainActor
@Suite("FilterState group accessors and state-level operations")
struct FilterStateAccessorTests {
  let red = Filter.Facet(attribute: "color", stringValue: "red")
  let blue = Filter.Facet(attribute: "color", stringValue: "blue")
  let cheap = Filter.Numeric(attribute: "price", operator: .lessThan, value: 10)
  let sale = Filter.Tag(value: "sale")

  @Test("An or accessor over Filter routes each filter to the group of its kind")
  func orOverErasedFilters() {
    let state = FilterState()
    let group: OrGroupAccessor<Filter> = state[or: "g"]
    group.add(.facet(red), .numeric(cheap), .tag(sale))
    #expect(
      state.getGroupIDs() == [
        .or(name: "g", filterType: .facet), .or(name: "g", filterType: .numeric), .or(name: "g", filterType: .tag),
      ])
    #expect(group.filters() == [.tag(sale), .facet(red), .numeric(cheap)])
    #expect(group.contains(.numeric(cheap)))
    group.removeAll(for: "price")
    #expect(!group.contains(.numeric(cheap)))
    group.removeAll()
    #expect(state.isEmpty)
  }

  @Test("A typed or accessor sees only its own kind")
  func typedOr() {
    let state = FilterState()
    state[or: "g"].add(red, blue)
    state[or: "g"].add(sale)
    let facets = state[or: "g", Filter.Facet.self]
    #expect(facets.filters() == [blue, red])
    #expect(facets.filters(for: "color").count == 2)
    #expect(!facets.isEmpty)
    facets.removeAll()
    #expect(facets.isEmpty)
    #expect(state[or: "g", Filter.Tag.self].filters() == [sale])
    facets.set([red])
    #expect(state.description == #"( "_tags":"sale" ) AND ( "color":"red" )"#)
    facets.removeAllOthers()
    #expect(state.description == #"( "color":"red" )"#)
  }

  @Test("An and accessor mixes kinds and reads its own group only")
  func andAccessor() {
    let state = FilterState()
    state[and: "a"].add(red, cheap, sale)
    state[and: "b"].add(blue)
    #expect(state[and: "a"].filters().count == 3)
    #expect(state[and: "a"].filters(for: "color") == [.facet(red)])
    #expect(state[and: "a"].contains(cheap))
    #expect(!state[and: "a"].contains(blue))
    #expect(state[and: "a"].removeAll([red, sale]))
    #expect(!state[and: "a"].removeAll([red]))
    state[and: "a"].set([blue])
    #expect(state[and: "a"].filters() == [.facet(blue)])
    state[and: "a"].removeAllOthers()
    #expect(state.getGroupIDs() == [.and(name: "a")])
    // A type-erased Filter can be stored directly (the anchor crashed).
    state[and: "a"].add(Filter.tag(sale))
    #expect(state[and: "a"].contains(sale))
  }

  @Test("A hierarchical accessor acts on its own group only")
  func hierarchicalAccessor() {
    let state = FilterState()
    let books = Filter.Facet(attribute: "cat.lvl0", stringValue: "Books")
    state[and: "other"].add(red)
    #expect(state[hierarchical: "h"].isEmpty)
    state[hierarchical: "h"].add(books)
    #expect(state[hierarchical: "h"].filters() == [books])
    #expect(!state[hierarchical: "h"].removeAll([red]))
    #expect(state[hierarchical: "h"].contains(books))
    #expect(state[hierarchical: "h"].removeAll([books]))
    #expect(state[hierarchical: "h"].isEmpty)
    #expect(state.getGroupIDs() == [.and(name: "other")])
  }

  @Test("State-level operations are public")
  func stateLevel() {
    let state = FilterState()
    #expect(state.add(red, toGroupWithID: .and(name: "a")))
    #expect(!state.add(red, toGroupWithID: .and(name: "a")))
    state.addAll(filters: [blue, red], toGroupWithID: .or(name: "b", filterType: .facet))
    state.toggle(sale, inGroupWithID: .and(name: "c"))
    #expect(state.contains(sale, inGroupWithID: .and(name: "c")))
    #expect(state.contains(blue))
    #expect(state.getFilters(forGroupWithID: .or(name: "b", filterType: .facet)) == [.facet(blue), .facet(red)])
    #expect(state.getFilters(for: "color").count == 3)
    #expect(state.getFilters().count == 4)
    #expect(state.remove(red))
    #expect(!state.contains(red))
    state.removeAll(except: [.and(name: "c")])
    #expect(state.getGroupIDs() == [.and(name: "c")])
    state.removeAll(fromGroupWithIDs: [.and(name: "c")])
    #expect(state.isEmpty)
    state.set([red, blue], inGroupWithID: .and(name: "d"))
    #expect(state.description == #"( "color":"blue" AND "color":"red" )"#)
    state.removeAll(for: "color", fromGroupWithID: .and(name: "d"))
    #expect(state.isEmpty)
  }

  @Test("setWithContent and the filters property replace the whole content")
  func replace() {
    let source = FilterState()
    source[and: "a"].add(red)
    let target = FilterState()
    target[and: "b"].add(blue)
    target.setWithContent(of: source)
    #expect(target.filters == source.filters)
    var filters = Filters()
    filters.add(sale, to: .and(name: "t"))
    target.filters = filters
    #expect(target.description == #"( "_tags":"sale" )"#)
  }
}

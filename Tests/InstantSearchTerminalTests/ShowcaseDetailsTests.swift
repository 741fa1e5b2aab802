import InstantSearchCore
import Testing

@testable import InstantSearchTerminal

/// What a user saw in a real terminal and should not (issue 36): chips in raw attribute names that wrap
/// into other panels, lines cut without an ellipsis, leaves with arrows, a drop-down over the results
/// count, no word when nothing matches, and "More filters" repeating panels.
@MainActor
@Suite("Showcase details", .timeLimit(.minutes(2)))
struct ShowcaseDetailsTests {
  @Test("Chips read as the panels that set them, numbers without a useless .0")
  func chipTexts() {
    let cases: [(Filter, String)] = [
      (Filter(Filter.Facet(attribute: "freeShipping", boolValue: true)), "Free shipping"),
      (Filter(Filter.Numeric(attribute: "rating", operator: .greaterThanOrEqual, value: 2)), "Rating ≥ 2"),
      (Filter(Filter.Numeric(attribute: "price", range: 20.5...83)), "Price 20.5–83"),
      (Filter(Filter.Facet(attribute: "categories.lvl1", stringValue: "Audio > Earbuds")), "Earbuds"),
      (Filter(Filter.Facet(attribute: "brand", stringValue: "Sonora")), "Sonora"),
    ]
    for (filter, text) in cases { #expect(ShowcaseCatalog.chipText(filter) == text) }
  }

  @Test("Text cut short ends in an ellipsis when asked; text that fits is left whole")
  func ellipsis() {
    var screen = ScreenBuffer(width: 10, height: 1)
    screen.write("abcdefgh", x: 0, y: 0, width: 4, ellipsis: true)
    #expect(screen.text.hasPrefix("abc…"))
    var whole = ScreenBuffer(width: 10, height: 1)
    whole.write("abcd", x: 0, y: 0, width: 4, ellipsis: true)
    #expect(whole.text.hasPrefix("abcd"))
  }

  @Test("A snippet line: the matched words highlighted, the rest dim; without a snippet, the raw value")
  func snippetLine() throws {
    let hit = try SearchHit(object: [
      "objectID": "1", "description": "Long text about wireless things",
      "_snippetResult": ["description": ["value": "… about <em>wireless</em> things", "matchLevel": "full"]],
    ])
    let runs = TerminalHitsList.snippet(hit, attribute: "description")
    #expect(runs.map(\.0).joined() == "… about wireless things")
    #expect(runs.contains { $0.0 == "wireless" && $0.1.contains(.highlight) })
    #expect(runs.filter { $0.0 != "wireless" }.allSatisfy { $0.1 == [.dim] })
    let bare = try SearchHit(object: ["objectID": "2", "description": "Plain"])
    #expect(TerminalHitsList.snippet(bare, attribute: "description").map(\.0) == ["Plain"])
    #expect(TerminalHitsList(snippetAttribute: "description").rowHeight == 3 && TerminalHitsList().rowHeight == 2)
  }

  @Test("Page links: arrows only where they lead, nothing for one page; Left/Right pick the neighbours")
  func pageLinks() {
    let links = TerminalPagination()
    var picked: [Int] = []
    links.onPageSelected = { picked.append($0) }
    links.setPages([PageLink(page: 0, isCurrent: true)], hasPrevious: false, hasNext: false, nbPages: 1)
    var screen = ScreenBuffer(width: 40, height: 1)
    links.draw(into: &screen, in: Rect(x: 0, y: 0, width: 40, height: 1), focused: false)
    #expect(screen.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    links.setPages(
      (0..<3).map { PageLink(page: $0, isCurrent: $0 == 1) }, hasPrevious: true, hasNext: true, nbPages: 3)
    #expect(links.text == "‹ 1 [2] 3 ›")
    _ = links.handle(.left)
    _ = links.handle(.right)
    #expect(picked == [0, 2])
  }

  @Test("A value of the last level has no arrow: it opens nothing")
  func leaves() {
    let menu = TerminalHierarchicalMenu(title: "Category", levels: 2)
    menu.setItem([
      HierarchicalFacet(facet: Facet(value: "Audio", count: 3), level: 0, isSelected: true),
      HierarchicalFacet(facet: Facet(value: "Audio > Earbuds", count: 2), level: 1, isSelected: true),
      HierarchicalFacet(facet: Facet(value: "Audio > Speakers", count: 1), level: 1, isSelected: false),
      HierarchicalFacet(facet: Facet(value: "Phones", count: 1), level: 0, isSelected: false),
    ])
    var screen = ScreenBuffer(width: 30, height: 5)
    menu.draw(into: &screen, in: Rect(x: 0, y: 0, width: 30, height: 5), focused: false)
    let lines = screen.lines
    #expect(lines[1].hasPrefix("▾ Audio"))
    #expect(lines[2].hasPrefix("  ✓ Earbuds"))
    #expect(lines[3].hasPrefix("    Speakers"))
    #expect(lines[4].hasPrefix("▸ Phones"))
  }

  @Test("The chips keep to one row: those that do not fit are counted, and the cursor's chip shows")
  func chipsOnOneRow() {
    let chips = TerminalCurrentFilters()
    chips.setItems(
      (0..<8).map { number in
        FilterAndID(
          filter: Filter(Filter.Facet(attribute: "brand", stringValue: "Brand \(number)")), id: .and(name: "brand"),
          text: "Brand \(number)")
      })
    var screen = ScreenBuffer(width: 50, height: 3)
    chips.draw(into: &screen, in: Rect(x: 0, y: 0, width: 50, height: 3), focused: true)
    #expect(screen.lines[0].contains("[Brand 0 x]"))
    #expect(screen.lines[0].contains("+"))
    #expect(screen.lines[1].allSatisfy { $0 == " " })
    for _ in 0..<7 { _ = chips.handle(.right) }
    var moved = ScreenBuffer(width: 50, height: 3)
    chips.draw(into: &moved, in: Rect(x: 0, y: 0, width: 50, height: 3), focused: true)
    #expect(moved.lines[0].contains("[Brand 7 x]"))
    #expect(moved.lines[0].contains("‹"))
  }

  @Test("More filters leaves out what other panels show")
  func moreFiltersExclusions() {
    let panel = TerminalDynamicFacetList(title: "More filters", excludedAttributes: ["brand"])
    panel.setOrderedFacets([
      AttributedFacets(attribute: "brand", facets: [Facet(value: "Sonora", count: 1)]),
      AttributedFacets(attribute: "free_shipping", facets: [Facet(value: "true", count: 1)]),
    ])
    #expect(panel.headings == ["Free shipping"])
  }

  @Test("While typing, the suggestions leave the results count in sight; no match says so")
  func typingAndNoResults() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("wirel")
    #expect(driver.text.contains("│ wireless"))
    #expect(driver.text.contains("results in"))
    try await driver.play("qqqzz")
    #expect(driver.text.contains("No results"))
  }
}

import InstantSearchCore
import Testing

@MainActor
@Suite("Link segments (page links and breadcrumbs as UIKit and SwiftUI show them)")
struct LinkSegmentsTests {
  @Test("Page links: arrows where they lead, the current page selected, each link's page and label")
  func pages() {
    let links = (2..<5).map { PageLink(page: $0, isCurrent: $0 == 3) }
    let segments = LinkSegments(pages: links, hasPrevious: true, hasNext: true)
    #expect(segments.links.map(\.title) == ["‹", "3", "4", "5", "›"])
    #expect(segments.links.map(\.target) == [2, 2, 3, 4, 4])
    #expect(segments.currentIndex == 2 && segments[2]?.accessibilityLabel == "Page 4, current")
    #expect(segments[0]?.accessibilityLabel == "Previous page" && segments[9] == nil && segments[-1] == nil)
    let first = LinkSegments(pages: [PageLink(page: 0, isCurrent: true)], hasPrevious: false, hasNext: false)
    #expect(first.links.map(\.title) == ["1"] && first.currentIndex == 0)
  }

  @Test("Breadcrumb: the root leads to nil, each step to its level, the last is current; at the root, the root is")
  func breadcrumb() {
    let items = BreadcrumbInteractor.items(path: ["Audio", "Audio > Earbuds"], separator: " > ")
    let segments = LinkSegments(breadcrumb: items, rootTitle: "Everything")
    #expect(segments.links.map(\.title) == ["Everything", "Audio", "Earbuds"])
    #expect(segments.links.map(\.target) == [nil, 0, 1])
    #expect(segments.currentIndex == 2)
    #expect(LinkSegments(breadcrumb: []).currentIndex == 0)
  }
}

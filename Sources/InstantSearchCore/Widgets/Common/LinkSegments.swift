/// A row of links as a segmented control or a row of buttons shows them: each with its title, where it
/// leads and whether it is where the user is. What page links and a breadcrumb show in UIKit and SwiftUI
/// is built here once, so that it is tested on Linux.
public struct LinkSegments: Hashable, Sendable {
  /// One link.
  public struct Link: Hashable, Sendable {
    /// What it reads: `‹`, `3`, `›`, `All`, `Audio`.
    public let title: String
    /// Where it leads: a page (from 0), or a breadcrumb level (`nil`: the root).
    public let target: Int?
    /// Whether it is the current page or the current step (selected, and leading nowhere new).
    public let isCurrent: Bool
    /// What assistive technologies read: `Page 3, current`, `Previous page`, `Audio`.
    public let accessibilityLabel: String
  }

  /// The links, in order.
  public let links: [Link]

  /// Page links: `‹` when there is a page before, the numbers, `›` when there is one after.
  public init(pages: [PageLink], hasPrevious: Bool, hasNext: Bool) {
    let current = pages.first(where: \.isCurrent)?.page ?? 0
    var links: [Link] = []
    if hasPrevious {
      links.append(Link(title: "‹", target: current - 1, isCurrent: false, accessibilityLabel: "Previous page"))
    }
    for page in pages {
      let label = "Page \(page.label)" + (page.isCurrent ? ", current" : "")
      links.append(Link(title: page.label, target: page.page, isCurrent: page.isCurrent, accessibilityLabel: label))
    }
    if hasNext {
      links.append(Link(title: "›", target: current + 1, isCurrent: false, accessibilityLabel: "Next page"))
    }
    self.links = links
  }

  /// Breadcrumb links: `rootTitle` (every category), then each step; the last one is current.
  public init(breadcrumb items: [BreadcrumbItem], rootTitle: String = "All") {
    var links = [
      Link(title: rootTitle, target: nil, isCurrent: items.isEmpty, accessibilityLabel: rootTitle)
    ]
    for item in items {
      links.append(
        Link(title: item.label, target: item.level, isCurrent: item.isCurrent, accessibilityLabel: item.label))
    }
    self.links = links
  }

  /// The position of the current link, if any (the selected segment).
  public var currentIndex: Int? { links.firstIndex(where: \.isCurrent) }

  /// The link at `index`, or `nil` when there is none (a tap that raced a reload).
  public subscript(index: Int) -> Link? {
    links.indices.contains(index) ? links[index] : nil
  }
}

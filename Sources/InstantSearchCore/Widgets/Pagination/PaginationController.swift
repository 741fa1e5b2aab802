/// One page link: its page (from 0), the number shown (from 1) and whether it is the current page.
public struct PageLink: Hashable, Sendable {
  /// The page, from 0.
  public let page: Int
  /// Whether it is the current page.
  public let isCurrent: Bool

  /// A link to `page`.
  public init(page: Int, isCurrent: Bool) {
    self.page = page
    self.isCurrent = isCurrent
  }

  /// The number shown: the page from 1.
  public var label: String { String(page + 1) }
}

/// A view of page links (InstantSearch.js's `pagination`): previous, the page numbers, next; it reports the
/// page the user picks.
@MainActor
public protocol PaginationController: AnyObject {
  /// Set by the connection: goes to the page (from 0) the user picked.
  var onPageSelected: ((Int) -> Void)? { get set }
  /// Receives the links to show, whether there is a page before and after the current one, and how many
  /// pages there are.
  func setPages(_ pages: [PageLink], hasPrevious: Bool, hasNext: Bool, nbPages: Int)
}

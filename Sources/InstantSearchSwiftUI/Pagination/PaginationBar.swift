#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// Page links in SwiftUI: `‹ 1 2 [3] 4 5 ›`, a button per link, the current page bold; a tap goes to its
  /// page. The links come from ``LinkSegments``.
  ///
  /// ```swift
  /// @ObservedObject var paginationController: PaginationObservableController
  /// PaginationBar(paginationController)
  /// ```
  public struct PaginationBar: View {
    /// The links shown.
    @ObservedObject public var paginationController: PaginationObservableController

    /// The links of `paginationController`.
    public init(_ paginationController: PaginationObservableController) {
      self.paginationController = paginationController
    }

    /// A row of buttons, nothing while there is one page at most.
    public var body: some View {
      let segments = LinkSegments(
        pages: paginationController.pages, hasPrevious: paginationController.hasPrevious,
        hasNext: paginationController.hasNext)
      HStack(spacing: 12) {
        ForEach(segments.links, id: \.self) { link in
          Button(action: { if let page = link.target, !link.isCurrent { paginationController.select(page: page) } }) {
            link.isCurrent ? Text(link.title).bold() : Text(link.title)
          }
          .accessibilityLabel(link.accessibilityLabel)
        }
      }
    }
  }
#endif

#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A breadcrumb in SwiftUI: `All › Audio › Headphones`, a button per earlier step that goes back up to
  /// it, the current step bold. The steps come from ``LinkSegments``.
  ///
  /// ```swift
  /// @ObservedObject var breadcrumbController: BreadcrumbObservableController
  /// Breadcrumb(breadcrumbController)
  /// ```
  public struct Breadcrumb: View {
    /// The steps shown.
    @ObservedObject public var breadcrumbController: BreadcrumbObservableController
    private let rootTitle: String

    /// The steps of `breadcrumbController`, the root titled `rootTitle`.
    public init(_ breadcrumbController: BreadcrumbObservableController, rootTitle: String = "All") {
      self.breadcrumbController = breadcrumbController
      self.rootTitle = rootTitle
    }

    /// A row of steps separated by `›`.
    public var body: some View {
      let segments = LinkSegments(breadcrumb: breadcrumbController.items, rootTitle: rootTitle)
      HStack(spacing: 6) {
        ForEach(Array(segments.links.enumerated()), id: \.offset) { position, link in
          if position > 0 { Text("›").foregroundStyle(.secondary) }
          Button(action: { if !link.isCurrent { breadcrumbController.select(level: link.target) } }) {
            link.isCurrent ? Text(link.title).bold() : Text(link.title)
          }
          .accessibilityLabel(link.accessibilityLabel)
        }
      }
    }
  }
#endif
